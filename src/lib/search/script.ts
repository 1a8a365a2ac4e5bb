import { minifyInline } from '../page-scripts/inline-script';
import * as fr from '../i18n/fr';
import { getSettings } from '../content/settings';
import { ALL_PAGES_ID, SEARCH_BUNDLE, SEARCH_PAGE } from './paths';
import { searchForm, searchItem, searchLink, searchResults, type SearchLabels } from './ui';

/** The page offered beside the main sections when nothing is found: the answers to common questions. */
const FAQ = { label: fr.search.faq, href: '/faq' };

/**
 * The source of /recherche.js: a module that binds every search form of the page, with the French
 * strings and, for « Aucun résultat », links to the sections of the navigation bar (the home page
 * aside), the FAQ and the list of every page.
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
    suggestions: [
      ...navigation.main.filter(({ href }) => href !== '/'),
      FAQ,
      { label: fr.searchPage.all, href: `${SEARCH_PAGE}#${ALL_PAGES_ID}` },
    ].map(({ label, href }) => ({ label, href })),
  };
  return minifyInline(
    `${searchItem}\n${searchLink}\n${searchResults}\nfor(const form of document.querySelectorAll("form[data-search]"))(${searchForm})(form,${JSON.stringify(labels)},${JSON.stringify(SEARCH_BUNDLE)})`,
  );
}
