/**
 * Every route the site declares or links is built and listed in the sitemap; every built page (but the
 * 404) is in the sitemap and has one h1, a unique title and description, an absolute canonical URL,
 * og:locale fr_FR and <html lang="fr">.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, builtPages } from './site';

/** The site's declared routes. */
const DECLARED = [
  '/',
  '/services',
  '/creation-sites-web',
  '/creation-site-web-marseille',
  '/automatisation-ia',
  '/automatisation-ia-entreprise',
  '/services-specialises',
  '/nos-realisations',
  '/portfolio-projets-web-ia',
  '/tarifs-creation-site-automatisation',
  '/faq',
  '/rendez-vous-consultation',
  '/contact',
  '/a-propos',
  '/notre-equipe',
  '/blog',
  '/carrieres',
  '/mentions-legales',
  '/politique-confidentialite',
  '/cgv',
];
/** The footer's links: the original set, then the prices, FAQ and appointment page added later. */
const FOOTER_SPEC = [
  '/creation-sites-web',
  '/a-propos',
  '/notre-equipe',
  '/nos-realisations',
  '/blog',
  '/carrieres',
  '/mentions-legales',
  '/politique-confidentialite',
  '/cgv',
];
const FOOTER_ADDED = ['/tarifs-creation-site-automatisation', '/faq', '/rendez-vous-consultation'];
/** Routes the declared pages link without being declared themselves: they are real pages too. */
const LINKED = [
  '/devis-personnalise',
  '/site-vitrine',
  '/site-ecommerce',
  '/chatbot-ia',
  '/automatisation-processus',
  '/analyse-donnees-ia',
];

/** Paths listed in every sitemap-*.xml except the index. */
function sitemapPaths(): string[] {
  const files = readdirSync(DIST).filter((name) => /^sitemap-\d+\.xml$/.test(name));
  return files.flatMap((name) =>
    [...readFileSync(join(DIST, name), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (m) => new URL(m[1]).pathname,
    ),
  );
}

const builtFile = (route: string) =>
  route === '/'
    ? 'index.html'
    : [`${route.slice(1)}.html`, `${route.slice(1)}/index.html`].find((f) =>
        existsSync(join(DIST, f)),
      );

const noindex = (html: string) => /<meta name="robots" content="noindex/.test(html);
const pages = builtPages().filter((page) => page.route !== '/404');
const sitemap = new Set(sitemapPaths());

const first = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const titleOf = (html: string) => first(html, /<title>([^<]*)<\/title>/);
const descriptionOf = (html: string) => first(html, /<meta name="description" content="([^"]*)"/);

describe('the sitemap', () => {
  it('exists and lists pages', () => {
    expect(existsSync(join(DIST, 'sitemap-index.xml')), 'sitemap-index.xml is not built').toBe(
      true,
    );
    expect(sitemap.size).toBeGreaterThan(0);
  });

  it('lists no page that is not built (and not the 404)', () => {
    const missing = [...sitemap].filter((route) => !builtFile(route));
    expect(missing, 'in the sitemap but not built').toEqual([]);
    expect([...sitemap].filter((route) => route === '/404')).toEqual([]);
  });
});

describe.each([
  ...DECLARED.map((route) => ({ route, kind: 'declared' })),
  ...LINKED.map((route) => ({ route, kind: 'linked' })),
])('spec route $route ($kind)', ({ route }) => {
  it('is built', () => {
    expect(
      builtFile(route),
      `${route}: no ${route.slice(1) || 'index'}.html in ${DIST}`,
    ).toBeDefined();
  });
  it('is in the sitemap', () => {
    expect(sitemap.has(route), `${route} is missing from the sitemap`).toBe(true);
  });
});

describe.each(pages)('built page $route', ({ route, html }) => {
  it('is in the sitemap unless it is noindex', () => {
    expect(sitemap.has(route), `${route}: in the sitemap`).toBe(!noindex(html));
  });

  it('has exactly one h1', () => {
    expect(html.match(/<h1[\s>]/g)?.length ?? 0, `${route}: number of <h1>`).toBe(1);
  });

  it('has a unique, non-empty <title>', () => {
    const title = titleOf(html);
    expect(title?.trim(), `${route}: <title>`).toBeTruthy();
    const same = pages
      .filter((other) => other.route !== route && titleOf(other.html) === title)
      .map((p) => p.route);
    expect(same, `${route}: same <title> "${title}" as`).toEqual([]);
  });

  it('has a unique, non-empty meta description', () => {
    const description = descriptionOf(html);
    expect(description?.trim(), `${route}: meta description`).toBeTruthy();
    const same = pages
      .filter((o) => o.route !== route && descriptionOf(o.html) === description)
      .map((p) => p.route);
    expect(same, `${route}: same meta description as`).toEqual([]);
  });

  it('has an absolute canonical URL', () => {
    const canonical = first(html, /<link rel="canonical" href="([^"]+)"/);
    expect(canonical, `${route}: <link rel="canonical">`).toMatch(/^https?:\/\/[^/]+\//);
  });

  it("its footer links the spec's pages, prices, FAQ and appointment page", () => {
    const footer = html.slice(html.lastIndexOf('<footer'));
    const links = new Set([...footer.matchAll(/<a href="([^"]+)"/g)].map((match) => match[1]));
    for (const href of [...FOOTER_SPEC, ...FOOTER_ADDED])
      expect(links.has(href), `${route}: footer link to ${href}`).toBe(true);
  });

  it('is in French: og:locale fr_FR and <html lang="fr">', () => {
    expect(html, `${route}: og:locale`).toContain('<meta property="og:locale" content="fr_FR">');
    expect(first(html, /<html[^>]*\slang="([^"]+)"/), `${route}: <html lang>`).toBe('fr');
  });
});
