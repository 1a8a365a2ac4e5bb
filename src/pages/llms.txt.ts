import type { APIContext } from 'astro';
import { getSettings } from '../lib/content/settings';
import { getPageEntry, getPageRoutes, getSorted } from '../lib/content/entries';
import { getBlogPage, getPosts, postCategories } from '../lib/content/posts';
import { categoryPath } from '../lib/content/blog';
import { frBlog } from '../lib/i18n/blog';
import { frLlms } from '../lib/i18n/company';
import { llmsTxt, type LlmsLink } from '../lib/seo/llms-txt';
import type { Block } from '../schemas/pages';
import type { Offer } from '../schemas/offers';
import { entryPath, listingPath, type RoutedCollection } from '../lib/content/routed-collections';

/**
 * /llms.txt: every public page, grouped by what it holds (its blocks), with the prices and offers
 * quoted from the content; linked from no page (docs/decisions/blog.md#llmstxt-from-the-content-by-section-unlinked).
 */
type Route = Awaited<ReturnType<typeof getPageRoutes>>[number];
type Offers = Awaited<ReturnType<typeof getSorted<'offers'>>>;

const price = (offer: Offer) =>
  [offer.priceLead, offer.price, offer.priceNote].filter(Boolean).join(' ');

/** A page's section of /llms.txt, from what its blocks hold, and its link with its offers' prices. */
async function pageLink(route: Route, offers: Offers) {
  const { page } = await getPageEntry(route.id, route.collection);
  const has = (...types: Block['type'][]) => page.blocks.some((b) => types.includes(b.type));
  const groups = page.blocks.flatMap((b) => (b.type === 'offers' ? [b.group] : []));
  const link: LlmsLink = {
    title: page.meta.title,
    path: route.path,
    note: page.meta.description,
    details: offers
      .filter((offer) => groups.includes(offer.data.group))
      .map((offer) => `${offer.data.name}\u00a0: ${price(offer.data)}`),
  };
  const section =
    route.collection === 'legal'
      ? 'legal'
      : has('offers')
        ? 'offers'
        : has('projects', 'projectFilter')
          ? 'projects'
          : has('faq')
            ? 'faq'
            : 'agency';
  return { section, link };
}

/** The blog's section: the blog, its categories, then every post. */
async function blogLinks(): Promise<LlmsLink[]> {
  const [posts, blog] = await Promise.all([getPosts(), getBlogPage()]);
  return [
    { title: blog.page.meta.title, path: listingPath('blog'), note: blog.page.meta.description },
    ...postCategories(posts).map((category) => ({
      title: frBlog.categoryTitle(category),
      path: categoryPath(category),
      note: frBlog.categoryDescription(
        category,
        posts.filter((post) => post.data.category === category).length,
      ),
    })),
    ...posts.map(({ slug, data }) => ({
      title: data.title,
      path: entryPath('blog', slug),
      note: data.description,
    })),
  ];
}

type Section = 'agency' | 'offers' | 'projects' | 'blog' | 'faq' | 'legal';

/**
 * The links of each routed collection (src/lib/content/routed-collections.ts) and the section they
 * follow the pages of.
 */
export const COLLECTION_LINKS: Record<
  RoutedCollection,
  { section: Section; links: () => Promise<LlmsLink[]> }
> = {
  services: {
    section: 'offers',
    links: async () =>
      (await getSorted('services')).map(({ id, data }) => ({
        title: data.title,
        path: entryPath('services', id),
        note: `${data.lead} ${data.price.label}\u00a0: ${data.price.value}.`,
      })),
  },
  projects: {
    section: 'projects',
    links: async () =>
      (await getSorted('projects')).map(({ id, data }) => ({
        title: `${data.title} – ${data.client}`,
        path: entryPath('projects', id),
        note: data.description,
      })),
  },
  blog: { section: 'blog', links: blogLinks },
};

const SECTIONS: Section[] = ['agency', 'offers', 'projects', 'blog', 'faq', 'legal'];

export async function GET(context: APIContext) {
  const collections = Object.values(COLLECTION_LINKS);
  const [settings, routes, offers, ...links] = await Promise.all([
    getSettings(),
    getPageRoutes(),
    getSorted('offers'),
    ...collections.map((collection) => collection.links()),
  ]);
  const pages = await Promise.all(routes.map((route) => pageLink(route, offers)));
  // The home page first, then the others in file order; then the section's routed collections.
  const inSection = (name: Section) => [
    ...pages
      .filter((page) => page.section === name)
      .map((page) => page.link)
      .sort((a, b) => Number(b.path === '/') - Number(a.path === '/')),
    ...collections.flatMap((collection, i) => (collection.section === name ? links[i]! : [])),
  ];
  return new Response(
    llmsTxt({
      site: context.site ?? context.url.origin,
      title: settings.brand,
      summary: settings.description,
      about: [frLlms.contact(settings.phone.display, settings.email)],
      sections: SECTIONS.map((name) => ({ title: frLlms[name], links: inSection(name) })),
    }),
    { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
  );
}
