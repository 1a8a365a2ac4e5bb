/**
 * Link check over the built site: every internal href/src/srcset resolves to a built file (clean URLs,
 * #anchors checked against the target page's ids, query strings ignored); tel: links are E.164-like and
 * mailto: links well-formed. The RSS feed's links resolve too.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, builtPages } from './site';

const SITE_ORIGIN = new URL(
  /<link rel="canonical" href="([^"]+)"/.exec(builtPages()[0]?.html ?? '')?.[1] ??
    'https://x.invalid',
).origin;

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The built file serving a site path (clean URLs: /x → x.html or x/index.html), or undefined. */
function fileFor(pathname: string): string | undefined {
  const clean = decodeURIComponent(pathname).replace(/^\/+/, '');
  const candidates =
    clean === ''
      ? ['index.html']
      : [clean, `${clean.replace(/\/$/, '')}.html`, join(clean, 'index.html')];
  return candidates.map((candidate) => join(DIST, candidate)).find(isFile);
}

const idCache = new Map<string, Set<string>>();
/** Every id (and <a name>) of a built HTML file. */
function idsOf(file: string): Set<string> {
  let ids = idCache.get(file);
  if (!ids) {
    const html = readFileSync(file, 'utf8');
    ids = new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((match) => match[1]));
    idCache.set(file, ids);
  }
  return ids;
}

/** href, src and srcset values of the page, script bodies and JSON-LD left out. */
function linksOf(html: string): string[] {
  const markup = html.replace(/(<script\b[^>]*>)[\s\S]*?<\/script>/g, '$1</script>');
  const links: string[] = [];
  for (const match of markup.matchAll(/\s(href|src|srcset)="([^"]*)"/g)) {
    const value = match[2].replace(/&amp;/g, '&');
    if (match[1] === 'srcset')
      links.push(
        ...value
          .split(',')
          .map((part) => part.trim().split(/\s+/)[0])
          .filter(Boolean),
      );
    else links.push(value);
  }
  return links;
}

const MAILTO = /^mailto:[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}(\?subject=[^\s&?]*)?$/;
const TEL = /^tel:\+\d{8,15}$/;

/** Why a link from `route` (a built page) is broken, or undefined when it is fine. */
function problemOf(link: string, route: string, pageFile: string): string | undefined {
  if (link === '' || link === '#') return 'empty link target';
  if (/^javascript:/i.test(link)) return 'javascript: link';
  if (link.startsWith('mailto:')) {
    if (!MAILTO.test(link))
      return 'malformed mailto: (expected mailto:name@domain.tld with an optional ?subject=)';
    const subject = link.split('?subject=')[1];
    try {
      if (subject !== undefined) decodeURIComponent(subject);
    } catch {
      return 'mailto: subject is not valid percent-encoding';
    }
    return undefined;
  }
  if (link.startsWith('tel:'))
    return TEL.test(link) ? undefined : 'tel: is not E.164 (tel:+33491000000)';
  if (/^(data|blob):/.test(link)) return undefined;
  const url = new URL(link, `${SITE_ORIGIN}${route === '/' ? '/' : route}`);
  if (url.origin !== SITE_ORIGIN)
    return /^(https?:)?\/\//.test(link) || /^[a-z]+:/i.test(link) ? undefined : 'unresolvable';
  const target =
    url.pathname === new URL(`${SITE_ORIGIN}${route}`).pathname ? pageFile : fileFor(url.pathname);
  if (!target) return `no built file for ${url.pathname}`;
  const anchor = decodeURIComponent(url.hash.slice(1));
  if (anchor && target.endsWith('.html') && !idsOf(target).has(anchor))
    return `no id="${anchor}" on ${url.pathname}`;
  return undefined;
}

const pages = builtPages();

describe.each(pages)('links of $route', ({ route, file, html }) => {
  it('all resolve: targets and anchors exist, tel: and mailto: are well-formed', () => {
    const links = [...new Set(linksOf(html))];
    expect(
      links.filter((link) => link.startsWith('/')).length,
      `${route}: internal links found`,
    ).toBeGreaterThan(5);
    const broken = links
      .map((link) => ({ link, problem: problemOf(link, route, file) }))
      .filter((entry) => entry.problem)
      .map(({ link, problem }) => `${route} → ${link}: ${problem}`);
    expect(broken).toEqual([]);
  });
});

describe('the link checker', () => {
  const home = pages.find((page) => page.route === '/') ?? pages[0];
  it('flags what is broken', () => {
    expect(problemOf('/cette-page-nexiste-pas', '/', home.file)).toMatch(/no built file/);
    expect(problemOf('/#pas-un-id-de-la-page', '/', home.file)).toMatch(
      /no id="pas-un-id-de-la-page"/,
    );
    expect(problemOf('#', '/', home.file)).toBe('empty link target');
    expect(problemOf('tel:04 91 00 00 00', '/', home.file)).toMatch(/E\.164/);
    expect(problemOf('mailto:contact', '/', home.file)).toMatch(/malformed/);
    expect(problemOf('mailto:a@b.fr?subject=a b', '/', home.file)).toMatch(/malformed/);
  });
  it('accepts clean URLs, existing anchors, queries, tel: and mailto: with subject', () => {
    expect(problemOf('/', '/', home.file)).toBeUndefined();
    expect(problemOf('/?utm=x#contenu', '/a-propos', home.file)).toBeUndefined();
    expect(problemOf('tel:+33491000000', '/', home.file)).toBeUndefined();
    expect(
      problemOf('mailto:rh@exemple.fr?subject=Candidature%20%3A%20Stage', '/', home.file),
    ).toBeUndefined();
    expect(problemOf('https://www.linkedin.com/company/x', '/', home.file)).toBeUndefined();
  });
});

describe('the RSS feed', () => {
  it('links only to built articles', () => {
    const rss = join(DIST, 'rss.xml');
    expect(isFile(rss), 'rss.xml is not built').toBe(true);
    const links = [...readFileSync(rss, 'utf8').matchAll(/<link>([^<]+)<\/link>/g)].map(
      (m) => new URL(m[1]).pathname,
    );
    expect(links.filter((path) => path.startsWith('/blog/')).length).toBeGreaterThan(0);
    expect(links.filter((path) => !fileFor(path))).toEqual([]);
    expect(
      links.filter((path) => path.length > 1 && path.endsWith('/')),
      'clean URLs, no trailing slash',
    ).toEqual([]);
  });
});
