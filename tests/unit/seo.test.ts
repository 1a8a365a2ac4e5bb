import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  breadcrumbJsonLd,
  jsonLdScript,
  normalizePath,
  TITLE_MAX,
  withBrandSuffix,
} from '../../src/lib/seo/seo';

describe('withBrandSuffix', () => {
  it('adds the brand suffix when the title lacks it', () => {
    expect(withBrandSuffix('Contact', 'Agence Exemple')).toBe('Contact | Agence Exemple');
  });
  it('leaves a title that already names the brand (any case) untouched', () => {
    expect(withBrandSuffix('Agence Exemple à Marseille', 'Agence Exemple')).toBe(
      'Agence Exemple à Marseille',
    );
    expect(withBrandSuffix('Bienvenue chez AGENCE EXEMPLE', 'Agence Exemple')).toBe(
      'Bienvenue chez AGENCE EXEMPLE',
    );
  });
  it('trims the title and falls back to the brand for an empty one', () => {
    expect(withBrandSuffix('  FAQ  ', 'Agence')).toBe('FAQ | Agence');
    expect(withBrandSuffix('   ', 'Agence')).toBe('Agence');
  });

  it('leaves the suffix off where the whole would not fit a search result', () => {
    const fits = 'a'.repeat(TITLE_MAX - ' | Agence'.length);
    expect(withBrandSuffix(fits, 'Agence')).toBe(`${fits} | Agence`);
    expect(withBrandSuffix(`${fits}b`, 'Agence')).toBe(`${fits}b`);
  });
});

describe('paths and URLs', () => {
  it('normalises built paths to public routes', () => {
    expect(normalizePath('/index.html')).toBe('/');
    expect(normalizePath('/index')).toBe('/');
    expect(normalizePath('/faq.html')).toBe('/faq');
    expect(normalizePath('/blog/')).toBe('/blog');
    expect(normalizePath('/')).toBe('/');
  });
  it('builds absolute URLs without trailing slashes', () => {
    expect(absoluteUrl('/faq/', 'https://example.fr')).toBe('https://example.fr/faq');
    expect(absoluteUrl('/', 'https://example.fr')).toBe('https://example.fr/');
  });
  it('builds a BreadcrumbList with absolute items in order', () => {
    const data = breadcrumbJsonLd(
      [
        { name: 'Accueil', url: '/' },
        { name: 'Services', url: '/services' },
      ],
      'https://example.fr',
    );
    expect(data.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Accueil', item: 'https://example.fr/' },
      { '@type': 'ListItem', position: 2, name: 'Services', item: 'https://example.fr/services' },
    ]);
  });
  it('escapes < in JSON-LD so it cannot close the script element', () => {
    expect(jsonLdScript({ a: '</script>' })).toBe('{"a":"\\u003c/script>"}');
  });
});
