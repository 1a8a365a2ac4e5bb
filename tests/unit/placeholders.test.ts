import { describe, expect, it } from 'vitest';
import {
  fillMarkdownPlaceholders,
  fillPlaceholders,
  placeholderSource,
} from '../../src/lib/content-pipeline/placeholders';
import { testSettings as settings } from './support/settings';

const source = placeholderSource(
  settings as unknown as Record<string, unknown>,
  'https://www.exemple.fr/',
  {
    offers: { 'site-vitrine': { price: '1 500 €', note: 'dès {offers.site-vitrine.price}' } },
    loop: { a: { text: '{loop.b.text}' }, b: { text: '{loop.a.text}' } },
  },
);

describe('placeholderSource', () => {
  it('exposes the settings, a one-line address and the site URL without slash', () => {
    expect(source).toMatchObject({
      brand: 'Agence Test',
      address: { full: '1 rue A, 13001 Marseille', city: 'Marseille' },
      siteUrl: 'https://www.exemple.fr',
    });
  });
});

describe('fillPlaceholders', () => {
  it('fills nested paths in every string of an object or array, leaving other values', () => {
    const page = {
      cta: { href: 'tel:{phone.e164}', label: 'Appeler le {phone.display}' },
      list: ['ROI {figures.roi}', 3, true],
    };
    expect(fillPlaceholders(page, source, 'x.yaml')).toEqual({
      cta: { href: 'tel:+33491000000', label: 'Appeler le 04 91 00 00 00' },
      list: ['ROI 300 %', 3, true],
    });
  });

  it('fails on an unknown or non-text path, naming file, field and a fix', () => {
    expect(() =>
      fillPlaceholders(
        { cta: { text: '{figures.roy}' } },
        source,
        'src/content/pages/contact.yaml',
      ),
    ).toThrow(
      'src/content/pages/contact.yaml — champ « cta.text » : le repère {figures.roy} n’existe pas. Vouliez-vous dire {figures.roi} ?',
    );
    expect(() => fillPlaceholders({ list: ['x', '{figures}'] }, source, 'p.yaml')).toThrow(
      'p.yaml — champ « list[2] » : le repère {figures} désigne un groupe de valeurs, pas une valeur.',
    );
  });

  it('quotes collection entries, themselves filled', () => {
    expect(fillPlaceholders('Prix : {offers.site-vitrine.note}', source)).toBe(
      'Prix : dès 1 500 €',
    );
  });

  it('stops on placeholders that quote each other in a loop', () => {
    expect(() => fillPlaceholders('{loop.a.text}', source, 'x.yaml')).toThrow(
      /se citent en boucle/,
    );
  });

  it('leaves braces that are not placeholders alone', () => {
    expect(fillPlaceholders('{ pas un repère } et {1}', source)).toBe('{ pas un repère } et {1}');
  });
});

describe('fillMarkdownPlaceholders', () => {
  it('HTML-escapes the values it inserts into a Markdown body', () => {
    expect(fillMarkdownPlaceholders('{legal.companyName} — {brand}', source, 'cgv.md')).toBe(
      'Test &amp; Fils SAS — Agence Test',
    );
  });
  it('fails on an unknown path, naming the file and the body', () => {
    expect(() =>
      fillMarkdownPlaceholders('{legal.sirett}', source, 'src/content/legal/cgv.md'),
    ).toThrow(
      'src/content/legal/cgv.md — champ « texte (sous le bloc ---) » : le repère {legal.sirett} n’existe pas. Vouliez-vous dire {legal.siret} ?',
    );
  });
});
