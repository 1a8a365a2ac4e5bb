import { describe, expect, it } from 'vitest';
import {
  frenchMarkdown,
  frenchTypography,
  typesetData,
} from '../../src/lib/content-pipeline/typography';
import * as blog from '../../src/lib/i18n/blog';
import * as company from '../../src/lib/i18n/company';
import * as fr from '../../src/lib/i18n/fr';

const NBSP = '\u00a0';
/** Shows no-break spaces as `⍽` so a failure is readable. */
const show = (text: string) => text.replaceAll(NBSP, '⍽');
const typeset = (text: string) => show(frenchTypography(text));

describe('frenchTypography', () => {
  it('puts a no-break space before : ; ! ? in place of an ordinary one, or adds it', () => {
    expect(typeset('Tarifs : dès 1 500 €')).toBe('Tarifs⍽: dès 1⍽500⍽€');
    expect(typeset('Une question ? Appelez ; ou écrivez !')).toBe(
      'Une question⍽? Appelez⍽; ou écrivez⍽!',
    );
    expect(typeset('Merci! Prêt? Note: voici')).toBe('Merci⍽! Prêt⍽? Note⍽: voici');
    expect(typeset('Vraiment ?!')).toBe('Vraiment⍽?!');
  });

  it('leaves colons and question marks inside times, addresses and words alone', () => {
    for (const text of [
      'Mo-Fr 09:00-18:00',
      'https://www.linkedin.com/company/agence-exemple',
      '/contact?service=site#calendly',
      'mailto:contact@agence-exemple.fr',
      'mailto:x@y.fr?subject=Candidature%20spontan%C3%A9e',
    ])
      expect(frenchTypography(text)).toBe(text);
  });

  it('keeps percentages, numbers and their units together', () => {
    expect(typeset('100 % satisfaits, 100% en ligne')).toBe('100⍽% satisfaits, 100⍽% en ligne');
    expect(typeset('Réponse en 24 h, 5 ans, 2 à 8 semaines, 30 jours, 1 an')).toBe(
      'Réponse en 24⍽h, 5⍽ans, 2 à 8⍽semaines, 30⍽jours, 1⍽an',
    );
    expect(typeset('De 9 h – 18 h, 2 000 € HT, 12 500 000 visites')).toBe(
      'De 9⍽h – 18⍽h, 2⍽000⍽€⍽HT, 12⍽500⍽000 visites',
    );
  });

  it('does not glue a number to an ordinary word that merely starts like a unit', () => {
    expect(typeset('3 sites, 2 mises en ligne, 4 heures')).toBe(
      '3 sites, 2 mises en ligne, 4⍽heures',
    );
    expect(typeset('En 2024 nous étions 5')).toBe('En 2024 nous étions 5');
  });

  it('keeps a French phone number on one line', () => {
    expect(typeset('Appelez le 04 91 00 00 00.')).toBe('Appelez le 04⍽91⍽00⍽00⍽00.');
    expect(typeset('+33 4 91 00 00 00')).toBe('+33⍽4⍽91⍽00⍽00⍽00');
    expect(frenchTypography('+33491000000')).toBe('+33491000000');
  });

  it('sets no-break spaces inside « », added when missing', () => {
    expect(typeset('le mot « site » et «vitrine»')).toBe('le mot «⍽site⍽» et «⍽vitrine⍽»');
  });

  it('turns a straight apostrophe between letters into ’', () => {
    expect(frenchTypography("S'abonner, aujourd'hui, l'IA")).toBe('S’abonner, aujourd’hui, l’IA');
  });

  it('is idempotent', () => {
    const once = frenchTypography("« Tarifs » : 100 % l'IA, 04 91 00 00 00, 2 000 € !");
    expect(frenchTypography(once)).toBe(once);
  });

  it('changes no word of the strings the spec quotes', () => {
    for (const quoted of [
      'Prendre RDV',
      "Auditez l'IA dans votre entreprise",
      'Demander un devis gratuit',
      "S'abonner",
      'Message envoyé !',
      'Merci ! Votre message a bien été envoyé. Nous vous répondrons dans les plus brefs délais.',
      'Une erreur est survenue. Veuillez réessayer.',
      'Envoi en cours...',
    ]) {
      const words = (text: string) =>
        text
          .replace(/[’']/g, "'")
          .split(/[\s\u00a0]+/)
          .join(' ');
      expect(words(frenchTypography(quoted))).toBe(words(quoted));
    }
  });
});

describe('frenchMarkdown', () => {
  it('leaves HTML entities whole', () => {
    expect(frenchMarkdown('A &amp; B &#8217; C')).toBe('A &amp; B &#8217; C');
  });

  it('typesets the text but not code, link targets or HTML', () => {
    expect(
      show(
        frenchMarkdown(
          'Voir [l\'offre](/offre?id=1) : `a : b` et <a href="/x?y=1">ici</a> !\n\n```\nx ? y : z\n```',
        ),
      ),
    ).toBe(
      'Voir [l’offre](/offre?id=1)⍽: `a : b` et <a href="/x?y=1">ici</a>⍽!\n\n```\nx ? y : z\n```',
    );
  });
});

describe('typesetData', () => {
  it('typesets every string at any depth and passes other values through', () => {
    const date = new Date('2024-01-02');
    expect(
      typesetData({ title: "L'offre : 24 h", list: ['5 ans', 3], when: date, ok: true }),
    ).toEqual({
      title: `L’offre${NBSP}: 24${NBSP}h`,
      list: [`5${NBSP}ans`, 3],
      when: date,
      ok: true,
    });
    expect(typesetData(["mailto:x@y.fr?subject=L'offre", "/offre?x=l'a", '#a:b'])).toEqual([
      "mailto:x@y.fr?subject=L'offre",
      "/offre?x=l'a",
      '#a:b',
    ]);
  });
});

describe('the interface strings in code', () => {
  /** Every string reachable from a module's exports (functions called with a sample argument). */
  function strings(value: unknown, path: string): [string, string][] {
    if (typeof value === 'string') return [[path, value]];
    if (typeof value === 'function')
      return strings((value as (...args: unknown[]) => unknown)('x', 2), `${path}()`);
    if (value && typeof value === 'object')
      return Object.entries(value).flatMap(([key, item]) => strings(item, `${path}.${key}`));
    return [];
  }

  it.each([
    ['fr', fr],
    ['company', company],
    ['blog', blog],
  ])('are already typeset in src/lib/i18n/%s.ts (the 404 page excepted: English)', (_, module) => {
    const wrong = strings(module, '')
      .filter(([path]) => !path.includes('notFound'))
      .filter(([, text]) => frenchTypography(text) !== text)
      .map(([path, text]) => `${path}: ${show(text)} → ${typeset(text)}`);
    expect(wrong).toEqual([]);
  });
});
