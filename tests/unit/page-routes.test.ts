import { describe, expect, it } from 'vitest';
import {
  pagePath,
  pageRoutes,
  reservedPaths,
  type PageEntryRef,
} from '../../src/lib/content/page-routes';

/** The real project: src/pages, public/ and the offer pages of src/content/services. */
const reserved = reservedPaths(process.cwd(), ['site-vitrine', 'chatbot-ia']);

/** An entry as Astro's glob loader makes it: its id is its `slug` field, else its file name. */
const page = (
  name: string,
  data: Partial<PageEntryRef['data']> = {},
  collection: PageEntryRef['collection'] = 'pages',
): PageEntryRef => ({
  collection,
  id: data.slug ?? name,
  filePath: `src/content/${collection}/${name}.${collection === 'legal' ? 'md' : 'yaml'}`,
  data: { draft: false, ...data },
});

describe('pagePath', () => {
  it('is the file name, the slug when given, and / for index', () => {
    expect(pagePath(page('a-propos'))).toBe('/a-propos');
    expect(pagePath(page('index'))).toBe('/');
    expect(pagePath(page('x', { slug: 'creation-site-web-aix-en-provence' }))).toBe(
      '/creation-site-web-aix-en-provence',
    );
  });
});

describe('pageRoutes', () => {
  it('builds a new entry at its address, both collections, and the project listing', () => {
    const routes = pageRoutes(
      [
        page('index'),
        page('creation-site-web-aix-en-provence'),
        page('cgv', {}, 'legal'),
        page('nos-realisations'),
      ],
      reserved,
    );
    expect(routes.map((route) => route.path).sort()).toEqual([
      '/',
      '/cgv',
      '/creation-site-web-aix-en-provence',
      '/nos-realisations',
    ]);
  });

  it('leaves out drafts and the blog listing copy (built by src/pages/blog/)', () => {
    const routes = pageRoutes([page('brouillon', { draft: true }), page('blog')], reserved);
    expect(routes).toEqual([]);
  });

  it('refuses an address taken by an offer page, in French, naming the file', () => {
    expect(() => pageRoutes([page('site-vitrine')], reserved)).toThrow(
      'src/content/pages/site-vitrine.yaml : l’adresse /site-vitrine est déjà prise par src/content/services/site-vitrine.yaml. Renommez le fichier (ou ajoutez un champ « slug: … ») : deux pages ne peuvent pas avoir la même adresse.',
    );
  });

  it('refuses a slug under a route folder, a file route and a build path', () => {
    expect(() => pageRoutes([page('x', { slug: 'nos-realisations/cabinet' })], reserved)).toThrow(
      'src/content/pages/x.yaml — champ « slug » : l’adresse /nos-realisations/cabinet est déjà prise par src/pages/nos-realisations.',
    );
    expect(() => pageRoutes([page('rss', { slug: 'rss.xml' })], reserved)).toThrow(
      'src/pages/rss.xml.ts',
    );
    expect(() => pageRoutes([page('admin')], reserved)).toThrow(
      '/admin est déjà prise par la construction du site',
    );
    expect(() => pageRoutes([page('deux', { slug: 'blog/2' })], reserved)).toThrow(
      'src/pages/blog',
    );
  });

  it('reports every clash at once, including two entries with one address', () => {
    let message = '';
    try {
      pageRoutes([page('contact'), page('contact', {}, 'legal'), page('chatbot-ia')], reserved);
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('src/content/pages/chatbot-ia.yaml');
    expect(lines[1]).toContain(
      'src/content/pages/contact.yaml : l’adresse /contact est déjà prise par src/content/legal/contact.md',
    );
  });
});
