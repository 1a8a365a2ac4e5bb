/**
 * The collections whose every entry is a page of its own, each with the address its pages sit under
 * (`/` for the offers, at the site's root) and the route file that builds them. One place for these
 * addresses: the editor's « Voir sur le site » links (src/cms/config.ts), the search page without
 * JavaScript (src/lib/search/site-map.ts), /llms.txt (src/pages/llms.txt.ts), the hero artwork
 * (src/lib/art/hero-art.ts) and the cards' links read them. A collection added here and missing from
 * one of them fails tests/unit/routed-collections.test.ts, which names the file to edit.
 * Why: docs/decisions/content.md#routed-collections-one-table-of-addresses.
 */
export const ROUTED_COLLECTIONS = {
  services: { prefix: '/', route: 'src/pages/[offer].astro' },
  projects: { prefix: '/nos-realisations/', route: 'src/pages/nos-realisations/[slug].astro' },
  blog: { prefix: '/blog/', route: 'src/pages/blog/[slug].astro' },
} as const;

export type RoutedCollection = keyof typeof ROUTED_COLLECTIONS;

export const routedCollections = Object.keys(ROUTED_COLLECTIONS) as RoutedCollection[];

/**
 * The address of an entry's page.
 * @example entryPath('projects', 'cabinet-medical') === '/nos-realisations/cabinet-medical'
 */
export const entryPath = (collection: RoutedCollection, slug: string) =>
  `${ROUTED_COLLECTIONS[collection].prefix}${slug}`;

/**
 * The address of the page listing a collection: its prefix without the last slash.
 * @example listingPath('blog') === '/blog'
 */
export const listingPath = (collection: RoutedCollection) =>
  ROUTED_COLLECTIONS[collection].prefix.slice(0, -1) || '/';
