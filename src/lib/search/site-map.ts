import { getCollection } from 'astro:content';
import { getPageRoutes, getSorted } from '../content/entries';
import { getPosts, postCategories } from '../content/posts';
import { POSTS_PER_PAGE, categoryPath } from '../content/blog';
import * as fr from '../i18n/fr';

export interface SiteSection {
  title: string;
  links: { label: string; href: string }[];
}

/**
 * Every page of the site by section, from the content, for the search page without JavaScript: the
 * fixed pages, the offers, the projects, the blog (its listing, its categories and its latest
 * posts, the rest being one click away in the listing, so the page stays small at any number of
 * posts) and the legal texts.
 */
export async function siteSections(): Promise<SiteSection[]> {
  const [routes, pages, legal, services, projects, posts] = await Promise.all([
    getPageRoutes(),
    getCollection('pages'),
    getCollection('legal'),
    getSorted('services'),
    getSorted('projects'),
    getPosts(),
  ]);
  const titles = new Map([...pages, ...legal].map((entry) => [entry.id, entry.data.hero.title]));
  const fixed = (collection: 'pages' | 'legal') =>
    routes
      .filter((route) => route.collection === collection)
      .map((route) => ({ label: titles.get(route.id) ?? route.path, href: route.path }));
  return [
    { title: fr.searchPage.pages, links: fixed('pages') },
    {
      title: fr.searchPage.offers,
      links: services.map((service) => ({ label: service.data.title, href: `/${service.id}` })),
    },
    {
      title: fr.searchPage.projects,
      links: projects.map((project) => ({
        label: project.data.title,
        href: `/nos-realisations/${project.id}`,
      })),
    },
    {
      title: fr.searchPage.blog,
      links: [
        { label: fr.searchPage.blogAll, href: '/blog' },
        ...postCategories(posts).map((category) => ({
          label: category,
          href: categoryPath(category),
        })),
        ...posts
          .slice(0, POSTS_PER_PAGE)
          .map((post) => ({ label: post.data.title, href: `/blog/${post.slug}` })),
      ],
    },
    { title: fr.searchPage.legal, links: fixed('legal') },
  ].filter((section) => section.links.length > 0);
}
