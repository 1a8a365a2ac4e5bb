/**
 * Every built page has its own share image: one og:image (with width, height and alt) whose file is
 * built, is a PNG of 1200×630, and is no other page's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../src/lib/seo/og-image';
import { DIST, builtPages } from './site';

const pages = builtPages();
const all = (html: string, property: string) =>
  [...html.matchAll(new RegExp(`<meta property="${property}" content="([^"]*)"`, 'g'))].map(
    (match) => match[1],
  );

describe.each(pages)('share image of $route', ({ html }) => {
  it('is one og:image, a built 1200×630 PNG with its size and alt text declared', () => {
    const images = all(html, 'og:image');
    expect(images).toHaveLength(1);
    const file = join(DIST, new URL(images[0]).pathname);
    expect(existsSync(file), `${file} is not built`).toBe(true);
    expect(pngSize(readFileSync(file))).toEqual({ width: 1200, height: 630 });
    expect(all(html, 'og:image:width')).toEqual(['1200']);
    expect(all(html, 'og:image:height')).toEqual(['630']);
    expect(all(html, 'og:image:alt')[0]?.trim()).toBeTruthy();
  });
});

describe('share images', () => {
  it('differ from page to page', () => {
    const images = pages.map(({ html }) => all(html, 'og:image')[0]);
    expect(new Set(images).size).toBe(pages.length);
  });
});
