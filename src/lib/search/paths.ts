/** The search page: the search form's action, and without JavaScript the list of every page. */
export const SEARCH_PAGE = '/recherche';
/** The search form's script (src/pages/recherche.js.ts). */
export const SEARCH_SCRIPT = '/recherche.js';
/** Pagefind's search API, written by the post-build step (src/integrations/search-index.ts). */
export const SEARCH_BUNDLE = '/pagefind/pagefind.js';
/** Anchor of the list of every page on the search page. */
export const ALL_PAGES_ID = 'toutes-les-pages';
