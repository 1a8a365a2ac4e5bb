/** Reading the company collections (blog copy, team, blog, jobs) in display order. */
import { getCollection, getEntry } from 'astro:content';
import { assertPostSlug, readingMinutes } from './blog';
import { blogCategories, type BlogCategory } from '../schemas/company';

/** The copy of the blog pages: `src/content/company/<id>.yaml`. */
export async function getCompanyPage(id: 'blog') {
  const entry = await getEntry('company', id);
  if (!entry)
    throw new Error(`src/content/company/${id}.yaml is missing: the /${id} page needs its copy.`);
  return entry.data;
}

/** A section of a company page by name; a missing one fails the build naming the file and key. */
export function sectionOf<T extends { sections: Record<string, unknown> }>(
  page: T,
  id: string,
  name: string,
) {
  const section = page.sections[name];
  if (!section)
    throw new Error(`src/content/company/${id}.yaml: sections.${name}: section missing`);
  return section as T['sections'][string];
}

/** Published blog posts, newest first, as { slug, data, minutes (reading time), entry }. */
export async function getPosts() {
  const posts = await getCollection('blog', (post) => !post.data.draft);
  return posts
    .sort((a, b) => b.data.date.getTime() - a.data.date.getTime())
    .map((post) => {
      assertPostSlug(post.id, post.filePath ?? post.id);
      return {
        slug: post.id,
        data: post.data,
        minutes: readingMinutes(post.body ?? ''),
        entry: post,
      };
    });
}

/** A published post as getPosts returns it. */
export type Post = Awaited<ReturnType<typeof getPosts>>[number];

/**
 * The categories that have at least one of `posts`, in the schema's order.
 * @example postCategories([{ data: { category: 'Référencement' } }]) // ['Référencement']
 */
export function postCategories(posts: { data: { category: BlogCategory } }[]): BlogCategory[] {
  const used = new Set(posts.map((post) => post.data.category));
  return blogCategories.filter((category) => used.has(category));
}

/** Team members in their `order`. */
export async function getTeam() {
  return (await getCollection('team')).map((m) => m.data).sort((a, b) => a.order - b.order);
}

/** Job openings in their `order`. */
export async function getJobs() {
  return (await getCollection('jobs')).map((j) => j.data).sort((a, b) => a.order - b.order);
}
