/**
 * Build step: draws the share image (1200×630 PNG) of every built page that references one under
 * `/og/` (src/components/layout/Seo.astro does, for every page), from what the page says of itself:
 * its title, brand and article section (blog category). Images are cached by content in Astro's cache
 * folder, so a rebuild only draws the pages whose title changed (unused ones are dropped). In `astro dev`, the same images are
 * drawn on request from the page being served.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AstroIntegration } from 'astro';
import { renderOgImage, type OgImageContent } from '../lib/seo/og-image';
import { ogImagePath, pathOfOgImage } from '../lib/seo/seo';

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
    'src/lib/seo/og-image.ts',
    'public/favicon.svg',
    'node_modules/@fontsource/inter/package.json',
  ];
  const hash = createHash('sha256');
  for (const file of sources) if (existsSync(file)) hash.update(await readFile(file));
  return hash.digest('hex');
}

/**
 * Post-build step (src/integrations/post-build.ts): the share image of every page that asks for one,
 * drawn once per content and kept in `cacheDir` (images no page uses any more are dropped from it).
 * @param pages the built pages, by path under dist/
 * @returns the PNG files, by path under dist/ (`og/faq.png`)
 */
export async function shareImages(
  pages: ReadonlyMap<string, string>,
  cacheDir: string,
): Promise<Map<string, Uint8Array>> {
  const key = await templateKey();
  await mkdir(cacheDir, { recursive: true });
  const files = new Map<string, Uint8Array>();
  const used = new Set<string>();
  for (const html of pages.values()) {
    const request = ogImageRequest(html);
    if (!request) continue;
    const id = createHash('sha256').update(key).update(JSON.stringify(request.content));
    const name = `${id.digest('hex')}.png`;
    const cached = join(cacheDir, name);
    used.add(name);
    if (!existsSync(cached)) await writeFile(cached, await renderOgImage(request.content));
    files.set(request.path.slice(1), await readFile(cached));
  }
  // Images of titles that no longer exist are dropped, so the cache does not grow forever.
  for (const name of await readdir(cacheDir)) {
    if (!used.has(name)) await rm(join(cacheDir, name), { force: true });
  }
  return files;
}

/** @returns the integration that serves the share images in `astro dev` (the build draws them in `shareImages`) */
export default function ogImages(): AstroIntegration {
  return {
    name: 'og-images',
    hooks: {
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
    },
  };
}
