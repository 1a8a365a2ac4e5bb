/** Reading the blog: the blog pages' copy, the published posts newest first, their categories. */
import { getCollection } from 'astro:content';
import { getPage } from './entries';
import type { Block, Page } from '../../schemas/pages';
import { assertPostSlug, readingMinutes } from './blog';
import { blogCategories, type BlogCategory } from '../../schemas/blog';

/**
 * The copy of the blog pages, `src/content/pages/blog.yaml` (a page entry): the page, its `posts`
 * block (the teasers' heading) and the box at the end of each article (its `labels`). A missing
 * block or label fails the build naming the file.
 */
export async function getBlogPage() {
  const page = await getPage('blog');
  const file = 'src/content/pages/blog.yaml';
  const posts = page.blocks.find(
    (block): block is Extract<Block, { type: 'posts' }> => block.type === 'posts',
  );
  if (!posts) throw new Error(`${file}: blocks: a "posts" block (the list of articles) is missing`);
  const label = (key: string) => {
    const value = page.labels[key];
    if (!value) throw new Error(`${file}: labels.${key} is missing (the box after each article)`);
    return value;
  };
  const article = {
    title: label('articleTitle'),
    intro: page.labels.articleIntro,
    button: { label: label('articleButton'), href: label('articleLink') },
  };
  return { page, posts, article };
}

/** The newsletter block of a page, or undefined. */
export const newsletterOf = (page: Page) =>
  page.blocks.find(
    (block): block is Extract<Block, { type: 'newsletter' }> => block.type === 'newsletter',
  );

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
