/**
 * Build step: writes `dist/logos/<slug>.svg` for every tool logo a built page references (see
 * src/lib/tool-logos.ts), and serves the same files in `astro dev`. Only the logos in use ship.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { logoSlugsIn, toolLogoSvg } from '../lib/tool-logos';

/** @returns the integration that writes `dist/logos/*.svg` and serves them in `astro dev` */
export default function toolLogos(): AstroIntegration {
  return {
    name: 'tool-logos',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const slug = /^\/logos\/([a-z0-9]+)\.svg$/.exec(req.url?.split('?')[0] ?? '')?.[1];
          const svg = slug && toolLogoSvg(slug);
          if (!svg) return next();
          res.setHeader('Content-Type', 'image/svg+xml');
          res.end(svg);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const pages = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html'));
        const slugs = new Set<string>();
        for (const page of pages) {
          for (const slug of logoSlugsIn(await readFile(join(out, page), 'utf8'))) slugs.add(slug);
        }
        await mkdir(join(out, 'logos'), { recursive: true });
        for (const slug of slugs) {
          const svg = toolLogoSvg(slug);
          if (!svg)
            throw new Error(
              `tool-logos: a page references /logos/${slug}.svg, unknown to simple-icons`,
            );
          await writeFile(join(out, 'logos', `${slug}.svg`), svg);
        }
        logger.info(`${slugs.size} tool logos written to logos/`);
      },
    },
  };
}
