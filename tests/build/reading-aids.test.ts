/**
 * Reading aids of the built posts and project pages, whatever the blog's size (the posts of
 * src/content, or the 1,000 of `npm run test:scale`): the table of contents of a long post links to
 * its headings in their order, every h2/h3 of a text has an id and a named link to it, headings
 * never skip a level, and every post and project ends with related entries and previous/next links
 * that exist, never itself, never an empty list.
 */
import { describe, expect, it } from 'vitest';
import { RELATED_COUNT, TOC_MIN_SECTIONS } from '../../src/lib/content/reading-aids';
import { builtPages } from './site';

const pages = new Map(builtPages().map((page) => [page.route, page.html]));
const isListing = (route: string) => /^\/blog(\/\d+)?$|^\/blog\/categorie\//.test(route);
const posts = [...pages.keys()].filter((route) => route.startsWith('/blog/') && !isListing(route));
const projects = [...pages.keys()].filter((route) => /^\/nos-realisations\/[^/]+$/.test(route));

const html = (route: string) => pages.get(route)!;
const between = (source: string, start: RegExp, end: string) => {
  const from = source.search(start);
  return from < 0 ? '' : source.slice(from, source.indexOf(end, from) + end.length);
};
/** The text of the post as the reader reads it (inside `.prose-legal`). */
const articleText = (route: string) => between(html(route), /<div class="prose-legal/, '<aside');
/** The h1–h6 of a page, in order, as { level, id }. */
const headings = (source: string) =>
  [...source.matchAll(/<h([1-6])(\s[^>]*)?>/g)].map((match) => ({
    level: Number(match[1]),
    id: /\sid="([^"]*)"/.exec(match[2] ?? '')?.[1],
  }));
const hrefs = (source: string) => [...source.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
const tocs = (route: string) =>
  [...html(route).matchAll(/<nav aria-label="Sommaire"[\s\S]*?<\/nav>/g)].map((match) => match[0]);
/** The links of the end of a page: related entries, previous, next. */
function readNext(route: string) {
  const source = html(route);
  const related = between(source, /<section aria-labelledby="read-next-related"/, '</section>');
  const adjacent = between(
    source,
    /<nav aria-label="(?:Articles|Projets) précédent et suivant"/,
    '</nav>',
  );
  return {
    related: hrefs(related),
    previous: /<a href="([^"]+)" rel="prev"/.exec(adjacent)?.[1],
    next: /<a href="([^"]+)" rel="next"/.exec(adjacent)?.[1],
    source: related + adjacent,
  };
}

describe('the table of contents and heading anchors of a post', () => {
  const long = posts.filter(
    (route) => headings(articleText(route)).filter((h) => h.level === 2).length >= TOC_MIN_SECTIONS,
  );

  it(`is there on every post with ${TOC_MIN_SECTIONS} h2 sections or more, and only there`, () => {
    expect(long.length, 'no long post to check').toBeGreaterThan(0);
    for (const route of posts)
      expect(tocs(route), route).toHaveLength(long.includes(route) ? 2 : 0);
  });

  it('links to the h2 and h3 of the text, each once, in their order', () => {
    for (const route of long) {
      const ids = headings(articleText(route))
        .filter((h) => h.level === 2 || h.level === 3)
        .map((h) => `#${h.id}`);
      for (const toc of tocs(route)) expect(hrefs(toc), route).toEqual(ids);
    }
  });

  it('gives every h2 and h3 an id without accents and a named link to it', () => {
    for (const route of posts) {
      const text = articleText(route);
      for (const { level, id } of headings(text).filter((h) => h.level === 2 || h.level === 3)) {
        expect(id, `${route}: h${level} without id`).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(text, route).toMatch(
          new RegExp(
            `<a href="#${id}" class="heading-anchor-link"><span aria-hidden="true">#</span><span class="sr-only">Lien vers cette section</span></a>`,
          ),
        );
      }
      const ids = headings(html(route))
        .map((h) => h.id)
        .filter(Boolean);
      expect(new Set(ids).size, `${route}: an id twice`).toBe(ids.length);
    }
  });

  it('keeps the heading order: one h1, then no level skipped', () => {
    for (const route of [...posts, ...projects]) {
      const levels = headings(html(route)).map((h) => h.level);
      expect(
        levels.filter((level) => level === 1),
        route,
      ).toHaveLength(1);
      levels.forEach((level, i) => {
        if (i > 0)
          expect(level, `${route}: h${levels[i - 1]} then h${level}`).toBeLessThanOrEqual(
            levels[i - 1]! + 1,
          );
      });
    }
  });
});

/** Checks related entries and previous/next over `routes` (their order: previous to next). */
function expectReadNext(routes: string[], ordered: string[]) {
  const expected = Math.min(RELATED_COUNT, routes.length - 1);
  for (const route of routes) {
    const { related, previous, next, source } = readNext(route);
    expect(related, route).toHaveLength(expected);
    expect(new Set(related).size, route).toBe(related.length);
    expect(related, route).not.toContain(route);
    for (const link of [...related, previous, next].filter(Boolean))
      expect(pages.has(link!), `${route} → ${link}`).toBe(true);
    const i = ordered.indexOf(route);
    expect(previous, route).toBe(ordered[i - 1]);
    expect(next, route).toBe(ordered[i + 1]);
    // No empty list, no heading over nothing.
    expect(source, route).not.toMatch(/<(ul|ol)[^>]*>\s*<\/\1>/);
    if (routes.length === 1) expect(source, route).toBe('');
  }
}

describe('the end of a post', () => {
  const readCategory = (route: string) =>
    /<meta property="article:section" content="([^"]+)"/.exec(html(route))![1];
  /** Read once per post: the checks below compare every pair of posts (a million at 1,000). */
  const categories = new Map(posts.map((route) => [route, readCategory(route)]));
  const categoryOf = (route: string) => categories.get(route) ?? readCategory(route);
  /** The posts from oldest to newest: the blog's listing pages (newest first), reversed. */
  const byDate = [...pages.keys()]
    .filter((route) => /^\/blog(\/\d+)?$/.test(route))
    .sort((a, b) => Number(a.slice(6) || 1) - Number(b.slice(6) || 1))
    .flatMap((route) =>
      [...html(route).matchAll(/<article[\s\S]*?<\/article>/g)].map(
        (match) => /href="(\/blog\/(?!categorie\/)[^"#]+)"/.exec(match[0])![1]!,
      ),
    )
    .reverse();

  it(`lists up to ${RELATED_COUNT} related posts, then the previous and next by date`, () => {
    expect(posts.length).toBeGreaterThan(0);
    expect([...byDate].sort()).toEqual([...posts].sort());
    expectReadNext(posts, byDate);
  });

  it('puts the posts of the same category first', () => {
    for (const route of posts) {
      const same = posts.filter(
        (other) => other !== route && categoryOf(other) === categoryOf(route),
      );
      const related = readNext(route).related;
      const firstOthers = related.slice(0, Math.min(same.length, related.length));
      for (const link of firstOthers)
        expect(categoryOf(link), `${route} → ${link}`).toBe(categoryOf(route));
    }
  });
});

describe('the end of a project page', () => {
  it(`lists up to ${RELATED_COUNT} other projects, then the previous and next of the listing`, () => {
    expect(projects.length).toBeGreaterThan(0);
    const listed = hrefs(html('/nos-realisations')).filter((href) => projects.includes(href));
    const order = [...new Set(listed)];
    expect([...order].sort()).toEqual([...projects].sort());
    expectReadNext(projects, order);
  });
});
