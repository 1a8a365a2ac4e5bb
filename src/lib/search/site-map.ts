import { getCollection } from 'astro:content';
import { getPageRoutes, getSorted } from '../content/entries';
import { getPosts, postCategories } from '../content/posts';
import { POSTS_PER_PAGE, categoryPath } from '../content/blog';
import * as fr from '../i18n/fr';
import { entryPath, listingPath, type RoutedCollection } from '../content/routed-collections';

export interface SiteSection {
  title: string;
  links: { label: string; href: string }[];
}

type Link = SiteSection['links'][number];

/**
 * The section of each routed collection (src/lib/content/routed-collections.ts): its title and its
 * links. The blog's holds its listing, its categories and its latest posts, the rest being one
 * click away in the listing, so the page stays small at any number of posts.
 */
export const COLLECTION_SECTIONS: Record<RoutedCollection, () => Promise<SiteSection>> = {
  services: async () => ({
    title: fr.searchPage.offers,
    links: (await getSorted('services')).map((service) => ({
      label: service.data.title,
      href: entryPath('services', service.id),
    })),
  }),
  projects: async () => ({
    title: fr.searchPage.projects,
    links: (await getSorted('projects')).map((project) => ({
      label: project.data.title,
      href: entryPath('projects', project.id),
    })),
  }),
  blog: async () => {
    const posts = await getPosts();
    const links: Link[] = [
      { label: fr.searchPage.blogAll, href: listingPath('blog') },
      ...postCategories(posts).map((category) => ({
        label: category,
        href: categoryPath(category),
      })),
      ...posts
        .slice(0, POSTS_PER_PAGE)
        .map((post) => ({ label: post.data.title, href: entryPath('blog', post.slug) })),
    ];
    return { title: fr.searchPage.blog, links };
  },
};

/**
 * Every page of the site by section, from the content, for the search page without JavaScript: the
 * fixed pages, each routed collection's section, then the legal texts.
 */
export async function siteSections(): Promise<SiteSection[]> {
  const [routes, pages, legal, ...collections] = await Promise.all([
    getPageRoutes(),
    getCollection('pages'),
    getCollection('legal'),
    ...Object.values(COLLECTION_SECTIONS).map((section) => section()),
  ]);
  const titles = new Map([...pages, ...legal].map((entry) => [entry.id, entry.data.hero.title]));
  const fixed = (collection: 'pages' | 'legal') =>
    routes
      .filter((route) => route.collection === collection)
      .map((route) => ({ label: titles.get(route.id) ?? route.path, href: route.path }));
  return [
    { title: fr.searchPage.pages, links: fixed('pages') },
    ...collections,
    { title: fr.searchPage.legal, links: fixed('legal') },
  ].filter((section) => section.links.length > 0);
}
