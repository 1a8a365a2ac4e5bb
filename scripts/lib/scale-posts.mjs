// The blog at scale: posts generated from the real ones (src/content/blog), for `npm run test:scale`
// (scripts/blog-scale.mjs) and the search benchmark (bench/search.mjs).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TITLE_MAX } from '../../src/lib/seo/seo.ts';

const SOURCE = 'src/content/blog';

/** The fixed category list of the blog schema (src/schemas/blog.ts). */
function categories() {
  const schema = readFileSync('src/schemas/blog.ts', 'utf8');
  const list = /export const blogCategories = \[([\s\S]*?)\]/.exec(schema)?.[1];
  const names = [...(list ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
  if (!names.length) throw new Error('src/schemas/blog.ts: blogCategories not found');
  return names;
}

/** The real posts, as { front matter lines, body }. */
function templates() {
  return readdirSync(SOURCE)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const [, front, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(
        readFileSync(join(SOURCE, name), 'utf8'),
      );
      const field = (key) => new RegExp(`^${key}: "?(.*?)"?$`, 'm').exec(front)?.[1];
      return {
        title: field('title'),
        description: field('description'),
        author: field('author'),
        cover: field('cover'),
        body,
      };
    });
}

/** Writes `count` posts into `dir`: unique titles and descriptions, one a day, every category. */
export function generatePosts(dir, count) {
  const sources = templates();
  const names = categories();
  for (let i = 0; i < count; i += 1) {
    const post = sources[i % sources.length];
    const date = new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const lead = `Article n°\u00a0${i + 1}\u00a0: `;
    // Numbered to stay unique, cut to fit a search result as real titles must (the copy budget).
    const tag = ` (n°\u00a0${i + 1})`;
    const title = post.title.slice(0, TITLE_MAX - tag.length).trimEnd() + tag;
    const description = lead + post.description.slice(0, 165 - lead.length);
    writeFileSync(
      join(dir, `article-${String(i + 1).padStart(4, '0')}.md`),
      [
        '---',
        `title: ${JSON.stringify(title)}`,
        `description: ${JSON.stringify(description)}`,
        `author: ${post.author}`,
        `date: ${date}`,
        `category: ${names[i % names.length]}`,
        `cover: ${post.cover ?? 'web'}`,
        '---',
        post.body,
      ].join('\n'),
    );
  }
}
