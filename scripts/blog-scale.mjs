// `npm run test:scale`: the blog at the scale of an automated-SEO agency. Generates 1,000 posts in a
// scratch folder (variations of the real posts of src/content/blog, spread over every category),
// builds the site with them (BLOG_CONTENT_DIR), prints the build time, then runs every build check
// (byte budgets, routes, links, share images, blog pagination) on that build. The scratch folder is
// removed; the share images stay cached in node_modules/.astro-blog-scale for the next run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { childEnv } from './lib/env.mjs';
import { TEST_BOOKING_URL } from '../tests/e2e/ports.ts';

const POSTS = Number(process.env.BLOG_SCALE_POSTS ?? 1000);
const SOURCE = 'src/content/blog';

/** The fixed category list of the blog schema (src/schemas/company.ts). */
function categories() {
  const schema = readFileSync('src/schemas/company.ts', 'utf8');
  const list = /export const blogCategories = \[([\s\S]*?)\]/.exec(schema)?.[1];
  const names = [...(list ?? '').matchAll(/'([^']+)'/g)].map((match) => match[1]);
  if (!names.length) throw new Error('src/schemas/company.ts: blogCategories not found');
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
function generate(dir, count) {
  const sources = templates();
  const names = categories();
  for (let i = 0; i < count; i += 1) {
    const post = sources[i % sources.length];
    const date = new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    const lead = `Article n°\u00a0${i + 1}\u00a0: `;
    const description = lead + post.description.slice(0, 165 - lead.length);
    writeFileSync(
      join(dir, `article-${String(i + 1).padStart(4, '0')}.md`),
      [
        '---',
        `title: ${JSON.stringify(`${post.title} (n°\u00a0${i + 1})`)}`,
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

const run = (label, command, args, env) => {
  console.log(`\n━━ ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(`node_modules/.bin/${command}`, args, { stdio: 'inherit', env });
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  return seconds;
};

const scratch = mkdtempSync(join(tmpdir(), 'blog-scale-'));
try {
  const content = join(scratch, 'blog');
  const dist = join(scratch, 'dist');
  mkdirSync(content);
  generate(content, POSTS);
  const env = childEnv({
    BLOG_CONTENT_DIR: content,
    ASTRO_CACHE_DIR: 'node_modules/.astro-blog-scale',
    PUBLIC_BOOKING_URL: TEST_BOOKING_URL,
  });
  const seconds = run(`Build with ${POSTS} posts`, 'astro', ['build', '--outDir', dist], env);
  run(
    `Build checks on ${POSTS} posts`,
    'vitest',
    ['run', '--config', 'tests/build/vitest.config.ts'],
    {
      ...env,
      TEST_DIST: dist,
      BLOG_EXPECTED_POSTS: String(POSTS),
    },
  );
  const pages = readdirSync(dist, { recursive: true }).filter((f) => f.endsWith('.html')).length;
  console.log(
    `\n✓ ${POSTS} posts: ${pages} pages built in ${seconds.toFixed(1)} s, every build check passed.`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
