/**
 * Which artwork each page's hero shows (src/components/art/): what the page sells, at a glance.
 * Pages are matched by path, exactly first, then by the longest prefix; a new page gets the studio
 * overview until it is given its own.
 * Why: docs/decisions/look.md#hero-artwork-one-inline-svg-per-kind-of-page.
 */
import { normalizePath } from '../seo/seo';
import {
  ROUTED_COLLECTIONS,
  routedCollections,
  type RoutedCollection,
} from '../content/routed-collections';

export const heroArtKinds = [
  'studio',
  'site',
  'flow',
  'chat',
  'dashboard',
  'portfolio',
  'pricing',
  'calendar',
  'message',
  'team',
  'article',
  'document',
  'lost',
] as const;
export type HeroArtKind = (typeof heroArtKinds)[number];

const BY_PATH: Record<string, HeroArtKind> = {
  '/': 'studio',
  '/services': 'studio',
  '/creation-sites-web': 'site',
  '/creation-site-web-marseille': 'site',
  '/site-vitrine': 'site',
  '/site-ecommerce': 'site',
  '/automatisation-ia': 'flow',
  '/automatisation-ia-entreprise': 'flow',
  '/automatisation-processus': 'flow',
  '/chatbot-ia': 'chat',
  '/faq': 'chat',
  '/analyse-donnees-ia': 'dashboard',
  '/services-specialises': 'dashboard',
  '/nos-realisations': 'portfolio',
  '/blog': 'article',
  '/portfolio-projets-web-ia': 'portfolio',
  '/tarifs-creation-site-automatisation': 'pricing',
  '/rendez-vous-consultation': 'calendar',
  '/contact': 'message',
  '/devis-personnalise': 'message',
  '/a-propos': 'team',
  '/notre-equipe': 'team',
  '/carrieres': 'team',
  '/cgv': 'document',
  '/mentions-legales': 'document',
  '/politique-confidentialite': 'document',
  '/404': 'lost',
};
/**
 * The artwork of each routed collection's pages (src/lib/content/routed-collections.ts); `null` for
 * the offers, which sit at the root and are mapped by path above.
 */
export const COLLECTION_ART: Record<RoutedCollection, HeroArtKind | null> = {
  services: null,
  projects: 'portfolio',
  blog: 'article',
};
/** Families of pages by prefix: each routed collection's (the blog's listing pages are under its own). */
const BY_PREFIX: [string, HeroArtKind][] = [
  ...routedCollections.flatMap((name): [string, HeroArtKind][] => {
    const art = COLLECTION_ART[name];
    return art ? [[ROUTED_COLLECTIONS[name].prefix, art]] : [];
  }),
];

/**
 * The hero artwork of a page.
 * @example heroArtFor('/contact') // 'message'
 * @example heroArtFor('/blog/categorie/automatisation') // 'article'
 */
export function heroArtFor(pathname: string): HeroArtKind {
  const path = normalizePath(pathname);
  return BY_PATH[path] ?? BY_PREFIX.find(([prefix]) => path.startsWith(prefix))?.[1] ?? 'studio';
}
