/** The search page: the search form's action, and without JavaScript the list of every page. */
export const SEARCH_PAGE = '/recherche';
/** The search form's script (src/pages/recherche.js.ts). */
export const SEARCH_SCRIPT = '/recherche.js';
/** Pagefind's files, written by the post-build step (src/integrations/search-index.ts). */
const PAGEFIND = '/pagefind';
/** Pagefind's search API. */
export const SEARCH_BUNDLE = `${PAGEFIND}/pagefind.js`;
/**
 * Pagefind's `metaCacheTag`: the query Pagefind adds to its entry's address, fixed so that the
 * address is known before Pagefind runs (by default a timestamp, fetched anew each time). The host
 * revalidates the entry at each fetch anyway (no cache rule for it in public/_headers).
 */
export const SEARCH_ENTRY_TAG = 'index';
/**
 * What Pagefind fetches first: its entry, then the WebAssembly of the language the entry names
 * (`wasm.<language>.pagefind`; the site has one, French: tests/build/search.test.ts). Preloaded
 * with `pagefind.js` and the search script, in one round, rather than after them.
 */
export const SEARCH_PRELOADS = [
  `${PAGEFIND}/pagefind-entry.json?ts=${SEARCH_ENTRY_TAG}`,
  `${PAGEFIND}/wasm.fr.pagefind`,
];
/**
 * Id of the header's `<template>` of preload links for Pagefind's files, added to the page on the
 * visitor's first sign of intent (src/lib/page-scripts/layout.ts `searchOnDemand`).
 */
export const SEARCH_FILES_ID = 'recherche-fichiers';
/** Anchor of the list of every page on the search page. */
export const ALL_PAGES_ID = 'toutes-les-pages';
