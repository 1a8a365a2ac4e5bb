/**
 * Build step: writes `dist/logos/<slug>.svg` for every tool logo a built page references (see
 * src/lib/art/tool-logos.ts), and serves the same files in `astro dev`. Only the logos in use ship.
 */
import type { AstroIntegration } from 'astro';
import { logoSlugsIn, toolLogoSvg } from '../lib/art/tool-logos';

/**
 * Post-build step (src/integrations/post-build.ts): the logo of every tool the pages reference.
 * @param pages the built pages, by path under dist/
 * @returns the SVG files, by path under dist/ (`logos/n8n.svg`)
 */
export function toolLogoFiles(pages: ReadonlyMap<string, string>): Map<string, string> {
  const files = new Map<string, string>();
  for (const html of pages.values())
    for (const slug of logoSlugsIn(html)) {
      const svg = toolLogoSvg(slug);
      if (!svg)
        throw new Error(
          `tool-logos: a page references /logos/${slug}.svg, unknown to simple-icons`,
        );
      files.set(`logos/${slug}.svg`, svg);
    }
  return files;
}

/** @returns the integration that serves the tool logos in `astro dev` (the build writes them in `toolLogoFiles`) */
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
    },
  };
}
