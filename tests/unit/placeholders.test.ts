import { describe, expect, it } from 'vitest';
import {
  fillHtmlPlaceholders,
  fillPlaceholders,
  placeholderSource,
} from '../../src/lib/placeholders';
import type { Settings } from '../../src/schemas/site';

const settings = {
  brand: 'Agence Test',
  phone: { display: '04 91 00 00 00', e164: '+33491000000' },
  email: 'a@b.fr',
  address: {
    street: '1 rue A',
    postalCode: '13001',
    city: 'Marseille',
    region: 'PACA',
    country: 'FR',
  },
  figures: { roi: '300 %', responseContact: '2 h' },
  legal: { companyName: 'Test & Fils SAS', siret: '123' },
} as unknown as Settings;
const source = placeholderSource(settings, 'https://www.exemple.fr/');

describe('placeholderSource', () => {
  it('exposes the settings plus a one-line address and the site URL without trailing slash', () => {
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

  it('fails on an unknown or non-text path, naming the placeholder and the file', () => {
    expect(() =>
      fillPlaceholders('{figures.nope}', source, 'src/content/contact/contact.yaml'),
    ).toThrow('src/content/contact/contact.yaml: unknown placeholder {figures.nope}');
    expect(() => fillPlaceholders('{figures}', source, 'p.yaml')).toThrow(
      /unknown placeholder \{figures\}/,
    );
  });

  it('leaves braces that are not placeholders alone', () => {
    expect(fillPlaceholders('{ pas un repère } et {1}', source)).toBe('{ pas un repère } et {1}');
  });
});

describe('fillHtmlPlaceholders', () => {
  it('HTML-escapes the values it inserts', () => {
    expect(fillHtmlPlaceholders('<p>{legal.companyName} — {brand}</p>', source, 'cgv.md')).toBe(
      '<p>Test &amp; Fils SAS — Agence Test</p>',
    );
  });
  it('fails on an unknown path, naming the file', () => {
    expect(() =>
      fillHtmlPlaceholders('{legal.sirett}', source, 'src/content/legal/cgv.md'),
    ).toThrow('src/content/legal/cgv.md: unknown placeholder {legal.sirett}');
  });
});
