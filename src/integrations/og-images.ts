/**
 * Build step: draws the share image (1200×630 PNG) of every built page that references one under
 * `/og/` (src/components/layout/Seo.astro does, for every page), from what the page says of itself:
 * its title, brand and article section (blog category). Images are cached by content in Astro's cache
 * folder, so a rebuild only draws the pages whose title changed (unused ones are dropped). In `astro dev`, the same images are
 * drawn on request from the page being served.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { renderOgImage, type OgImageContent } from '../lib/og-image';
import { ogImagePath, pathOfOgImage } from '../lib/seo';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};
const decode = (text: string) =>
  text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, name: string) =>
    name[0] === '#'
      ? String.fromCodePoint(Number(name[1] === 'x' ? `0${name.slice(1)}` : name.slice(1)))
      : (ENTITIES[name] ?? entity),
  );

const metaContent = (html: string, property: string) => {
  const match = new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html);
  return match ? decode(match[1]) : undefined;
};

/**
 * The share image a built page asks for, and what it must show; undefined when the page references
 * no generated image (an explicit `meta.image`).
 * @example ogImageRequest(html) // { path: '/og/faq.png', content: { title: 'FAQ', brand, host } }
 */
export function ogImageRequest(
  html: string,
): { path: string; content: OgImageContent } | undefined {
  const image = metaContent(html, 'og:image');
  if (!image) return undefined;
  const url = new URL(image);
  if (!pathOfOgImage(url.pathname)) return undefined;
  const brand = metaContent(html, 'og:site_name') ?? '';
  const fullTitle = metaContent(html, 'og:title') ?? brand;
  const suffix = ` | ${brand}`;
  const title = fullTitle.endsWith(suffix) ? fullTitle.slice(0, -suffix.length) : fullTitle;
  const eyebrow = metaContent(html, 'article:section');
  return {
    path: url.pathname,
    content: { title, brand, host: url.host, ...(eyebrow ? { eyebrow } : {}) },
  };
}

/** The source of the drawing code and font: a change redraws every cached image. */
async function templateKey(): Promise<string> {
  const sources = [
    'src/lib/og-image.ts',
    'public/favicon.svg',
    'node_modules/@fontsource/inter/package.json',
  ];
  const hash = createHash('sha256');
  for (const file of sources) if (existsSync(file)) hash.update(await readFile(file));
  return hash.digest('hex');
}

/** @returns the integration that writes `dist/og/**.png` and serves them in `astro dev` */
export default function ogImages(): AstroIntegration {
  let cacheDir = '';
  return {
    name: 'og-images',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = join(fileURLToPath(config.cacheDir), 'og-images');
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const pagePath = pathOfOgImage(req.url?.split('?')[0] ?? '');
          if (!pagePath) return next();
          try {
            const page = await fetch(new URL(pagePath, `http://${req.headers.host}`));
            if (!page.ok) return next();
            const request = ogImageRequest(await page.text());
            if (!request || request.path !== ogImagePath(pagePath)) return next();
            res.setHeader('Content-Type', 'image/png');
            res.end(await renderOgImage(request.content));
          } catch (error) {
            next(error);
          }
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const started = performance.now();
        const key = await templateKey();
        await mkdir(cacheDir, { recursive: true });
        const pages = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html'));
        const used = new Set<string>();
        let drawn = 0;
        for (const page of pages) {
          const request = ogImageRequest(await readFile(join(out, page), 'utf8'));
          if (!request) continue;
          const id = createHash('sha256').update(key).update(JSON.stringify(request.content));
          const name = `${id.digest('hex')}.png`;
          const cached = join(cacheDir, name);
          used.add(name);
          if (!existsSync(cached)) {
            await writeFile(cached, await renderOgImage(request.content));
            drawn += 1;
          }
          const target = join(out, request.path);
          await mkdir(dirname(target), { recursive: true });
          await copyFile(cached, target);
        }
        // Images of titles that no longer exist are dropped, so the cache does not grow forever.
        for (const name of await readdir(cacheDir)) {
          if (!used.has(name)) await rm(join(cacheDir, name), { force: true });
        }
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        logger.info(`${used.size} share images (${drawn} drawn, the rest cached) in ${seconds} s`);
      },
    },
  };
}
