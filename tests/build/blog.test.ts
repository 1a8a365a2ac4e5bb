/**
 * The built blog, whatever its size (the 4 posts of src/content, or the 1,000 generated posts of
 * `npm run test:scale`): listings paginate by POSTS_PER_PAGE with rel prev/next and self-canonical
 * URLs, every post is listed once on /blog and once in its category, listings are in the sitemap, and
 * the RSS feed carries the newest RSS_ITEMS posts. BLOG_EXPECTED_POSTS, when set, is the post count.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { POSTS_PER_PAGE, RSS_ITEMS, pageUrl } from '../../src/lib/content/blog';
import { DIST, builtPages } from './site';

const pages = new Map(builtPages().map((page) => [page.route, page.html]));
const html = (route: string) => pages.get(route) ?? '';
const attr = (source: string, pattern: RegExp) => pattern.exec(source)?.[1];
const canonical = (route: string) => attr(html(route), /<link rel="canonical" href="([^"]+)"/);
const origin = new URL(canonical('/blog') ?? 'https://x.invalid').origin;

const isListing = (route: string) => /^\/blog(\/\d+)?$|^\/blog\/categorie\//.test(route);
const posts = [...pages.keys()].filter((route) => route.startsWith('/blog/') && !isListing(route));
const categoryOf = new Map(
  posts.map((route) => [
    route,
    attr(html(route), /<meta property="article:section" content="([^"]+)"/),
  ]),
);

/** The post links of a listing page, in order. */
const teasers = (route: string) =>
  [...html(route).matchAll(/<article[\s\S]*?<\/article>/g)].map((match) =>
    attr(match[0], /href="(\/blog\/(?!categorie\/)[^"#]+)"/),
  );

/** Every built page of the listing whose first page is `base`. */
function listing(base: string): string[] {
  const routes: string[] = [];
  for (let n = 1; pages.has(pageUrl(base, n)); n += 1) routes.push(pageUrl(base, n));
  return routes;
}

/** Checks the pages of a listing of `count` posts; returns the posts they list. */
function expectPaginated(base: string, count: number) {
  const routes = listing(base);
  expect(routes).toHaveLength(Math.max(1, Math.ceil(count / POSTS_PER_PAGE)));
  routes.forEach((route, i) => {
    const n = i + 1;
    expect(teasers(route), route).toHaveLength(
      n < routes.length ? POSTS_PER_PAGE : count - POSTS_PER_PAGE * (routes.length - 1),
    );
    expect(canonical(route), route).toBe(`${origin}${route}`);
    const prev = attr(html(route), /<link rel="prev" href="([^"]+)"/);
    const next = attr(html(route), /<link rel="next" href="([^"]+)"/);
    expect(prev, route).toBe(n > 1 ? `${origin}${pageUrl(base, n - 1)}` : undefined);
    expect(next, route).toBe(n < routes.length ? `${origin}${pageUrl(base, n + 1)}` : undefined);
  });
  return routes.flatMap(teasers);
}

describe('the blog index', () => {
  it('has posts to list', () => {
    expect(posts.length).toBeGreaterThan(0);
    if (process.env.BLOG_EXPECTED_POSTS) {
      expect(posts).toHaveLength(Number(process.env.BLOG_EXPECTED_POSTS));
    }
  });

  it(`lists every post once, ${POSTS_PER_PAGE} per page, with prev/next and canonicals`, () => {
    const listed = expectPaginated('/blog', posts.length);
    expect([...listed].sort()).toEqual([...posts].sort());
  });
});

describe('the category pages', () => {
  const categories = [...new Set(categoryOf.values())];

  it('exist for every category that has posts, linked from /blog', () => {
    expect(categories.every(Boolean), 'a post has no article:section').toBe(true);
    const linked = [...html('/blog').matchAll(/href="(\/blog\/categorie\/[^"/]+)"/g)].map(
      (m) => m[1],
    );
    const built = [...pages.keys()].filter((route) => /^\/blog\/categorie\/[^/]+$/.test(route));
    expect(built).toHaveLength(categories.length);
    expect(new Set(linked)).toEqual(new Set(built));
  });

  it(`each list the posts of their category, ${POSTS_PER_PAGE} per page`, () => {
    const bases = [...pages.keys()].filter((route) => /^\/blog\/categorie\/[^/]+$/.test(route));
    for (const base of bases) {
      const listed = teasers(base);
      const category = categoryOf.get(listed[0]!);
      const expected = posts.filter((post) => categoryOf.get(post) === category);
      expect([...expectPaginated(base, expected.length)].sort(), base).toEqual(expected.sort());
    }
  });
});

describe('the sitemap and the feed', () => {
  it('the sitemap lists every listing page', () => {
    const sitemap = readdirSync(DIST)
      .filter((name) => /^sitemap-\d+\.xml$/.test(name))
      .map((name) => readFileSync(join(DIST, name), 'utf8'))
      .join('');
    const listings = [...pages.keys()].filter(isListing);
    const missing = listings.filter((route) => !sitemap.includes(`<loc>${origin}${route}</loc>`));
    expect(missing).toEqual([]);
  });

  it(`the RSS feed carries the newest ${RSS_ITEMS} posts, in the order of /blog`, () => {
    const file = join(DIST, 'rss.xml');
    expect(existsSync(file)).toBe(true);
    const items = [...readFileSync(file, 'utf8').matchAll(/<item>[\s\S]*?<link>([^<]+)<\/link>/g)];
    const newest = listing('/blog').flatMap(teasers).slice(0, RSS_ITEMS);
    expect(items.map((match) => new URL(match[1]).pathname)).toEqual(newest);
  });
});
