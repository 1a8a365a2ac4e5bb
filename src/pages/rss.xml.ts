import rss from '@astrojs/rss';
import type { APIContext } from 'astro';
import { getSettings } from '../lib/content/settings';
import { getBlogPage, getPosts } from '../lib/content/posts';
import { RSS_ITEMS } from '../lib/content/blog';
import { entryPath } from '../lib/content/routed-collections';

/** RSS feed of the blog (/rss.xml), linked from the blog pages: the latest RSS_ITEMS posts. */
export async function GET(context: APIContext) {
  const settings = await getSettings();
  const { page } = await getBlogPage();
  const posts = await getPosts();
  return rss({
    title: `${page.meta.title} | ${settings.brand}`,
    description: page.meta.description,
    site: context.site ?? context.url.origin,
    customData: '<language>fr-FR</language>',
    trailingSlash: false,
    items: posts.slice(0, RSS_ITEMS).map(({ slug, data }) => ({
      title: data.title,
      description: data.description,
      pubDate: data.date,
      link: entryPath('blog', slug),
      author: `${settings.email} (${data.author})`,
      categories: [data.category],
    })),
  });
}
