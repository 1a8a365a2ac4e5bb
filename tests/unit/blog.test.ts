import { describe, expect, it } from 'vitest';
import {
  assertPostSlug,
  categoryPath,
  categorySlug,
  pageUrl,
  pageWindow,
  readingMinutes,
} from '../../src/lib/content/blog';
import { postCategories } from '../../src/lib/content/posts';
import { blogCategories, blogPostSchema } from '../../src/schemas/blog';

describe('readingMinutes', () => {
  it('counts the words of the text at 200 a minute, rounded up, at least one minute', () => {
    expect(readingMinutes('mot '.repeat(200))).toBe(1);
    expect(readingMinutes('mot '.repeat(201))).toBe(2);
    expect(readingMinutes('mot '.repeat(1000))).toBe(5);
    expect(readingMinutes('')).toBe(1);
  });

  it('reads words, not Markdown markup, link targets, code blocks or MDX imports', () => {
    const prose = 'un deux trois quatre cinq six sept huit neuf dix ';
    const markup = [
      "import Chart from '../components/Chart.astro';",
      `## ${prose}`,
      `[${prose}](https://exemple.fr/une/tres/longue/adresse/avec/des/mots)`,
      '```js\n' + 'const code = 1;\n'.repeat(500) + '```',
      '![illustration](/image-avec-des-mots.png)',
      '<Chart data-mots="beaucoup de mots ici" />',
    ].join('\n\n');
    expect(readingMinutes(markup + '\n\n' + prose.repeat(18))).toBe(1);
    expect(readingMinutes(markup + '\n\n' + prose.repeat(19))).toBe(2);
  });

  it('counts French elisions and hyphenated words as one word each', () => {
    expect(readingMinutes(`l’entreprise d'aujourd'hui vingt-deux `.repeat(67))).toBe(2);
    expect(readingMinutes(`l’entreprise d'aujourd'hui vingt-deux `.repeat(66))).toBe(1);
  });
});

describe('blog categories', () => {
  it('have distinct, URL-safe slugs', () => {
    const slugs = blogCategories.map(categorySlug);
    expect(new Set(slugs).size).toBe(blogCategories.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(categoryPath('Intelligence artificielle')).toBe(
      '/blog/categorie/intelligence-artificielle',
    );
    expect(categorySlug('Référencement')).toBe('referencement');
  });

  it('are a fixed list: a post with another category is refused', () => {
    const post = {
      title: 'Titre',
      description: 'Une description suffisamment longue pour passer la validation du schéma.',
      author: 'Sarah Martin',
      date: '2024-01-15',
    };
    expect(blogPostSchema.safeParse({ ...post, category: 'Référencement' }).success).toBe(true);
    expect(blogPostSchema.safeParse({ ...post, category: 'Cuisine' }).success).toBe(false);
  });

  it('postCategories keeps the used ones in the schema order', () => {
    const post = (category: (typeof blogCategories)[number]) => ({ data: { category } });
    expect(
      postCategories([post('Automatisation'), post('Création web'), post('Automatisation')]),
    ).toEqual(['Création web', 'Automatisation']);
  });
});

describe('pagination', () => {
  it('numbers pages after the first one under the listing path', () => {
    expect(pageUrl('/blog', 1)).toBe('/blog');
    expect(pageUrl('/blog', 2)).toBe('/blog/2');
    expect(pageUrl('/blog/categorie/referencement', 3)).toBe('/blog/categorie/referencement/3');
  });

  it('shows the first, the last and two pages either side of the current one', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 84)).toEqual([1, null, 4, 5, 6, 7, 8, null, 84]);
    expect(pageWindow(1, 84)).toEqual([1, 2, 3, null, 84]);
    expect(pageWindow(84, 84)).toEqual([1, null, 82, 83, 84]);
    expect(pageWindow(5, 84)).toEqual([1, 2, 3, 4, 5, 6, 7, null, 84]);
  });

  it('refuses a post file name that would take the URL of a listing page', () => {
    expect(() => assertPostSlug('2', 'src/content/blog/2.md')).toThrow(
      /^src\/content\/blog\/2\.md\u00a0: le nom de fichier «\u00a02\u00a0» prendrait l’adresse/,
    );
    expect(() => assertPostSlug('categorie', 'src/content/blog/categorie.md')).toThrow();
    expect(() => assertPostSlug('seo-local-2024', 'x.md')).not.toThrow();
  });
});
