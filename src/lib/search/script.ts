import { minifyInline } from '../layout/inline-script';
import * as fr from '../i18n/fr';
import { getSettings } from '../content/settings';
import { ALL_PAGES_ID, SEARCH_BUNDLE, SEARCH_ENTRY_TAG, SEARCH_PAGE } from './paths';
import {
  closePanelOnEscape,
  pagefindLoader,
  searchForm,
  searchResults,
  type SearchLabels,
  type SearchSetup,
} from './ui';

/** The page offered beside the main sections when nothing is found: the answers to common questions. */
const FAQ = { label: fr.search.faq, href: '/faq' };

/**
 * Pagefind's options: excerpts of 24 words; on the main thread (`noWorker`: its worker would fetch
 * a second copy of its code, docs/decisions/search.md); the entry under a fixed tag, preloaded.
 */
const SETUP: SearchSetup = {
  bundle: SEARCH_BUNDLE,
  options: { excerptLength: 24, noWorker: true, metaCacheTag: SEARCH_ENTRY_TAG },
};

/**
 * The source of /recherche.js: a module that binds every
 * search form of the page, with the French strings and, for « Aucun résultat », links to the
 * sections of the navigation bar (the home page aside), the FAQ and the list of every page.
 */
export async function searchScript(): Promise<string> {
  const { navigation } = await getSettings();
  const labels: SearchLabels = {
    one: fr.search.one,
    many: fr.search.many,
    none: fr.search.none,
    suggest: fr.search.suggest,
    all: fr.search.all,
    failed: fr.search.failed,
    searching: fr.search.searching,
    suggestions: [
      ...navigation.main.filter(({ href }) => href !== '/'),
      FAQ,
      { label: fr.searchPage.all, href: `${SEARCH_PAGE}#${ALL_PAGES_ID}` },
    ].map(({ label, href }) => ({ label, href })),
  };
  return minifyInline(
    `const load=(${pagefindLoader})(${JSON.stringify(SETUP)});for(const form of document.querySelectorAll("form[data-search]"))(${searchForm})(form,${JSON.stringify(labels)},load,${searchResults}),(${closePanelOnEscape})(form)`,
  );
}
