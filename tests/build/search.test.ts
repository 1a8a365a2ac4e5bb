/**
 * The site search (src/integrations/search-index.ts): the index lists exactly the pages of the
 * sitemap (so not /admin, the 404, the result pages nor the search page), in French; the search
 * page lists every page by section without JavaScript; nothing of the search is in a page before
 * interaction, and the files a first query needs stay small.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sitemapRoutes } from '../../scripts/lib/built-site.mjs';
import { SEARCH_INDEX_DIR } from '../../src/integrations/search-index';
import { SEARCH_BUNDLE, SEARCH_FILES_ID, SEARCH_PRELOADS } from '../../src/lib/search/paths';
import { DIST, activeHtml, builtPages } from './site';

const INDEX = join(DIST, 'pagefind');
/** The URLs of the indexed pages, read from the index's fragments (gzip, then `pagefind_dcd` + JSON). */
function indexedUrls(): string[] {
  const folder = join(INDEX, 'fragment');
  return readdirSync(folder).map((name) => {
    const text = gunzipSync(readFileSync(join(folder, name))).toString('utf8');
    return JSON.parse(text.slice(text.indexOf('{'))).url as string;
  });
}

describe('the search index', () => {
  const entry = JSON.parse(readFileSync(join(INDEX, 'pagefind-entry.json'), 'utf8'));
  const sitemap = sitemapRoutes(DIST);

  it('is one French index with as many pages as the sitemap', () => {
    expect(Object.keys(entry.languages)).toEqual(['fr']);
    expect(entry.languages.fr.page_count).toBe(sitemap.length);
  });

  it('lists exactly the sitemap’s pages: not /admin, the 404 or search pages', () => {
    const urls = indexedUrls();
    expect(urls.sort()).toEqual([...sitemap].sort());
    expect(
      urls.filter((url) => /^\/(admin|404|recherche|contact\/|newsletter\/)/.test(url)),
    ).toEqual([]);
  });

  it('has the files the header preloads: the entry and the WebAssembly it names', () => {
    expect(entry.languages.fr.wasm).toBe('fr');
    for (const url of SEARCH_PRELOADS)
      expect(existsSync(join(DIST, new URL(url, 'http://site').pathname)), url).toBe(true);
    expect(SEARCH_PRELOADS).toContain(
      `/${SEARCH_INDEX_DIR}/wasm.${entry.languages.fr.wasm}.pagefind`,
    );
  });

  it("carries only what the site's search uses, not Pagefind's ready-made UIs", () => {
    const files = readdirSync(INDEX);
    expect(files).toContain('pagefind.js');
    expect(files.filter((name) => /ui|highlight|worker|unknown/.test(name))).toEqual([]);
  });
});

describe('the search page', () => {
  const html = readFileSync(join(DIST, 'recherche.html'), 'utf8');
  const links = new Set([...html.matchAll(/<a href="([^"#]+)"/g)].map((match) => match[1]));

  it('is not indexed by search engines nor in the sitemap', () => {
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(sitemapRoutes(DIST)).not.toContain('/recherche');
  });

  it('links every sitemap page but posts and listing pages past the first', () => {
    // A post is /blog/<slug> (the blog's page 2 on is /blog/<n>); a category's page 2 on is
    // /blog/categorie/<category>/<n>: one link away from its first page, listed.
    const listedElsewhere = (route: string) =>
      /^\/blog\/(?!categorie\/)[^/]+$/.test(route) || /^\/blog\/categorie\/[^/]+\/\d+$/.test(route);
    const missing = sitemapRoutes(DIST).filter(
      (route) => !listedElsewhere(route) && !links.has(route),
    );
    expect(missing, 'a routed collection: src/lib/content/routed-collections.ts').toEqual([]);
    expect(links.has('/blog')).toBe(true);
  });

  it('has a labelled search form sending q to itself by a visible button', () => {
    expect(html).toMatch(
      /<form role="search" action="\/recherche"[^>]*><label[^>]*>Rechercher sur le site<input type="search" name="q"[^>]*><\/label><button[^>]*>Chercher<\/button><\/form>/,
    );
  });
});

describe('every page', () => {
  const pages = builtPages().filter((page) => page.route !== '/recherche');

  it.each(pages.map((page) => [page.route, page.html]))(
    '%s has the header search form and its button, nothing of the search up front',
    (_route, html) => {
      // Sent by a visible button, not by Enter alone (HTML_CodeSniffer, WCAG 2 AA: H32.2).
      expect(html).toMatch(
        /<form role="search" action="\/recherche"[^>]*>[\s\S]*?<button[^>]*>Chercher<\/button><\/form>/,
      );
      expect(activeHtml(html)).not.toMatch(/<script[^>]+src="[^"]*(pagefind|recherche\.js)/);
      expect(activeHtml(html)).not.toMatch(/<link[^>]+href="[^"]*(pagefind|recherche\.js)/);
      // What intent adds to the page in the same round as the search script: Pagefind's code,
      // its entry and its WebAssembly, the files it would otherwise ask for only once it runs.
      const template = html.match(
        new RegExp(`<template id="${SEARCH_FILES_ID}">([\\s\\S]*?)</template>`),
      );
      expect(template?.[1]).toBe(
        [
          `<link rel="modulepreload" href="${SEARCH_BUNDLE}">`,
          ...SEARCH_PRELOADS.map(
            (href) => `<link rel="preload" as="fetch" crossorigin href="${href}">`,
          ),
        ].join(''),
      );
    },
  );

  it('the search script and the index files exist', () => {
    expect(existsSync(join(DIST, 'recherche.js'))).toBe(true);
    expect(existsSync(join(INDEX, 'wasm.fr.pagefind'))).toBe(true);
  });
});
