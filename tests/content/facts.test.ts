/**
 * Every fact once: a price, a duration or a figure is typed in one place (its home: the settings or the
 * entry it belongs to) and quoted everywhere else with a `{path}` placeholder. This test reads every
 * content file and fails when the same figure is typed literally in two files, unless both are homes
 * (two offers may cost the same). Spaces, no-break spaces included, do not count: `1 500 €` = `1500€`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFileData } from '../../src/lib/content-pipeline/files';

const CONTENT = 'src/content';

/** Fields that are the home of a fact, by collection folder (dotted paths; `*` = any key or position). */
const HOMES: Record<string, RegExp> = {
  settings: /^figures\./,
  offers: /^(price|facts\.\w+)$/,
  services: /^facts\.\w+$/,
  consultations: /^(duration|price)$/,
  projects: /^(year|metrics\.\d+\.value)$/,
  jobs: /^experience$/,
};

/** A number with its unit: a price, a percentage, a duration, a count (`50+`). A sign is kept. */
const FIGURE =
  /(?<![\w.,])([+−-]?\d[\d\s]*(?:[.,]\d+)?)\s*(€|%|\+|h\b|heures?\b|jours?\b|semaines?\b|mois\b|ans?\b|min\b|minutes\b)/g;
/** Ways of speaking that contain numbers but state no fact of the agency. */
const IDIOMS = /\b24\s*h\s*\/\s*24\b|\b7\s*j\s*\/\s*7\b|\b24\s*\/\s*7\b|à\s*100\s*%/g;
const PLACEHOLDER = /\{[a-zA-Z][\w-]*(?:\.[\w-]+)*\}/g;

/** The normal form of a figure: no spaces of any kind, singular unit. */
export function normaliseFigure(number: string, unit: string): string {
  return `${number.replace(/\s/g, '').replace('-', '−')}${unit.replace(/s$/, '').replace(/^heure$/, 'h')}`;
}

/** Every figure typed literally in a text (placeholders and idioms left out). */
export function figuresOf(text: string): string[] {
  const plain = text.replace(PLACEHOLDER, ' ').replace(IDIOMS, ' ');
  return [...plain.matchAll(FIGURE)].map(([, number, unit]) => normaliseFigure(number, unit));
}

interface ContentFile {
  file: string;
  folder: string;
  texts: [field: string, text: string][];
}

function walk(node: unknown, path: string, visit: (field: string, text: string) => void) {
  if (typeof node === 'string') visit(path, node);
  else if (Array.isArray(node))
    node.forEach((item, index) => walk(item, `${path}.${index}`, visit));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node))
      walk(value, path ? `${path}.${key}` : key, visit);
}

/** Every text field of every file of src/content (a Markdown body is the field « (texte) »). */
function readContent(): ContentFile[] {
  return readdirSync(CONTENT).flatMap((folder) =>
    readdirSync(join(CONTENT, folder)).map((name) => {
      const file = `${CONTENT}/${folder}/${name}`;
      const source = readFileSync(file, 'utf8');
      const texts: ContentFile['texts'] = [];
      walk(contentFileData(file, source), '', (field, text) => texts.push([field, text]));
      if (/\.mdx?$/.test(name)) texts.push(['(texte)', source.replace(/^---[\s\S]*?\n---/, '')]);
      return { file, folder, texts };
    }),
  );
}

/**
 * The figures typed literally in two files or more, one line each with where they are; a figure
 * typed only in homes (two offers at the same price) is not a copy.
 */
export function literalCopies(files: ContentFile[]): string[] {
  const found = new Map<string, { file: string; field: string; home: boolean }[]>();
  for (const { file, folder, texts } of files)
    for (const [field, text] of texts)
      for (const figure of figuresOf(text)) {
        const home = HOMES[folder]?.test(field) ?? false;
        found.set(figure, [...(found.get(figure) ?? []), { file, field, home }]);
      }
  return [...found]
    .filter(([, list]) => new Set(list.map((o) => o.file)).size > 1 && list.some((o) => !o.home))
    .map(
      ([figure, list]) =>
        `${figure}: ${list.map((o) => `${o.file} (${o.field}${o.home ? ', home' : ''})`).join(', ')}`,
    );
}

describe('figures', () => {
  it('are read whatever the spaces', () => {
    expect(
      figuresOf('Dès 1\u00a0500\u00a0€, 2 à 3 semaines, 98 %, 50+ sites, −40 % de coûts'),
    ).toEqual(['1500€', '3semaine', '98%', '50+', '−40%']);
    expect(
      figuresOf('{offers.site-vitrine.price}, disponible 24 h/24, à 100 % automatisé'),
    ).toEqual([]);
  });

  it('typed in a home and again in another file are a copy; in two homes they are not', () => {
    const files: ContentFile[] = [
      { file: 'offers/a.yaml', folder: 'offers', texts: [['price', '1\u00a0500\u00a0€']] },
      { file: 'offers/b.yaml', folder: 'offers', texts: [['price', '800 €']] },
      { file: 'offers/c.yaml', folder: 'offers', texts: [['price', '800 €']] },
      { file: 'faq/d.yaml', folder: 'faq', texts: [['questions.0.answer', 'Dès 1 500 € HT.']] },
    ];
    expect(literalCopies(files)).toEqual([
      '1500€: offers/a.yaml (price, home), faq/d.yaml (questions.0.answer)',
    ]);
  });
});

describe('every fact once', () => {
  it('no price, duration or figure is typed literally in two content files', () => {
    expect(
      literalCopies(readContent()),
      'quote the fact from its home with {path} (see CONTENT.md)',
    ).toEqual([]);
  });
});
