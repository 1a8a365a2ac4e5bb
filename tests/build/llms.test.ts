/**
 * /llms.txt (llmstxt.org): the llmstxt.org shape, every page of the sitemap linked once by its
 * absolute URL (the blog's further listing pages /blog/2… aside), nothing else, served as UTF-8 text
 * by the host, and linked from no page nor listed in the sitemap.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DIST, builtPages } from './site';

const file = join(DIST, 'llms.txt');
const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
const sitemap = readdirSync(DIST)
  .filter((name) => /^sitemap-\d+\.xml$/.test(name))
  .map((name) => readFileSync(join(DIST, name), 'utf8'))
  .join('');
const sitemapUrls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)(?:: .+)?$/gm)].map((match) => match[1]!);
/** Page 2 and after of a blog listing: reached from its first page, not described apiece. */
const furtherListingPage = (url: string) =>
  /^\/blog(\/categorie\/[^/]+)?\/\d+$/.test(new URL(url).pathname);

describe('/llms.txt', () => {
  it('has the llmstxt.org shape: title, summary, sections of links with a line each', () => {
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((line) => line.startsWith('>'))).toMatch(/^> \S.{20,}/);
    expect(text).toMatch(/^## \S/m);
    for (const line of lines.filter((l) => l.startsWith('- '))) {
      expect(line).toMatch(/^- \[[^\]]+\]\(https?:\/\/[^)\s]+\): \S/);
    }
    expect(lines.filter((line) => /^\s+- /.test(line)).join('\n')).toMatch(/\d\u00a0€/);
  });

  it('links every page of the sitemap once, by its absolute URL, and nothing else', () => {
    const expected = sitemapUrls.filter((url) => !furtherListingPage(url));
    expect(expected.length).toBeGreaterThan(0);
    expect(links.length, 'a page is listed twice').toBe(new Set(links).size);
    expect([...links].sort(), 'a routed collection: src/lib/content/routed-collections.ts').toEqual(
      [...expected].sort(),
    );
  });

  it('is linked from no page and not in the sitemap', () => {
    for (const { route, html } of builtPages()) expect(html, route).not.toContain('llms.txt');
    expect(sitemap).not.toContain('llms.txt');
  });

  it('is served as UTF-8 plain text', async () => {
    const response = await fetch(new URL('/llms.txt', inject('siteOrigin')));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toBe(text);
  });
});
