/**
 * The content loader (src/lib/content-pipeline/loader.ts) as the build runs it, on a scratch copy of
 * src/content: placeholders are filled in every collection (one fixture per collection: a text field,
 * and the Markdown body where the collection has one), an unknown placeholder fails naming file and
 * field, and deliberately broken files (tests/fixtures/content-errors/) give the exact French messages
 * that CONTENT.md quotes, the same from the loader and the whole-content check (both prepare a file
 * in one step, src/lib/content-pipeline/prepare.ts). Astro's boundary (store, entry types, Markdown
 * renderer) is faked; the glob loader, the schemas and the placeholder code are the real ones.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { frenchTypography } from '../../src/lib/content-pipeline/typography';
import { parse } from 'yaml';
import { brokenFixtures } from '../fixtures/content-errors/cases';
import { fillMdxBody } from '../../src/lib/content-pipeline/mdx-placeholders';
import type { PreparedEntry } from '../../src/lib/content-pipeline/prepare';

/** Every call of prepareEntry: the file, which module called it (from its stack), and the result. */
const prepared: { file: string; from: string; result: PreparedEntry<unknown> }[] = [];
vi.mock('../../src/lib/content-pipeline/prepare', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/lib/content-pipeline/prepare')>();
  return {
    ...actual,
    prepareEntry: (...args: Parameters<typeof actual.prepareEntry>) => {
      const stack = new Error().stack ?? '';
      const from = /content-pipeline\/check-all\.ts/.test(stack)
        ? 'check'
        : /content-pipeline\/loader\.ts/.test(stack)
          ? 'loader'
          : '?';
      const result = actual.prepareEntry(...args);
      prepared.push({ file: args[0], from, result });
      return result;
    },
  };
});

/** js-yaml reads YAML in Astro's own data entry type; the fake below uses it the same way. */
const jsYaml = (await import('js-yaml' as string)) as { load(text: string): unknown };

const { collections } = await import('../../src/content.config');
const ROOT = process.cwd();
const scratch = mkdtempSync(join(tmpdir(), 'content-loader-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Collection = {
  loader: { load(context: unknown): Promise<void> };
  schema: { parseAsync(data: unknown): Promise<unknown> };
};
type Stored = {
  id: string;
  data: Record<string, unknown>;
  body?: string;
  rendered?: { html: string };
};

const frontmatter = (contents: string) => {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(contents);
  return { data: parse(match?.[1] ?? '') ?? {}, body: (match?.[2] ?? contents).trim() };
};

/** Runs one collection's loader over the scratch copy; returns its stored entries. */
async function load(name: string): Promise<Map<string, Stored>> {
  const collection = (collections as unknown as Record<string, Collection>)[name];
  const entries = new Map<string, Stored>();
  // As Astro's YAML entry type: js-yaml, its position reported as `loc` (line from 1, column from 0).
  const yaml = {
    getEntryInfo: ({ contents }: { contents: string }) => {
      try {
        return { data: jsYaml.load(contents), body: undefined };
      } catch (error) {
        const { mark } = error as { mark: { line: number; column: number } };
        throw Object.assign(new Error('YAML'), {
          loc: { line: mark.line + 1, column: mark.column },
        });
      }
    },
  };
  const markdown = {
    getEntryInfo: ({ contents }: { contents: string }) => frontmatter(contents),
    getRenderFunction:
      async () =>
      async ({ body }: { body: string }) => ({ html: `<p>${body}</p>`, metadata: {} }),
  };
  await collection.loader.load({
    collection: name,
    config: {
      root: pathToFileURL(`${scratch}/`),
      srcDir: pathToFileURL(`${scratch}/src/`),
      site: 'https://www.exemple.fr/',
    },
    logger: { info() {}, warn() {}, error() {} },
    store: {
      keys: () => [...entries.keys()],
      get: (id: string) => entries.get(id),
      set: (entry: Stored) => entries.set(entry.id, entry),
      delete: (id: string) => entries.delete(id),
      addModuleImport() {},
      addAssetImports() {},
    },
    parseData: ({ data }: { data: unknown }) => collection.schema.parseAsync(data),
    generateDigest: (data: unknown) =>
      createHash('sha1')
        .update(typeof data === 'string' ? data : JSON.stringify(data))
        .digest('hex'),
    entryTypes: new Map<string, unknown>([
      ['.yaml', yaml],
      ['.md', markdown],
    ]),
  });
  return entries;
}

const real = (file: string) => parse(readFileSync(join(ROOT, 'src/content', file), 'utf8'));
const settings = real('settings/site.yaml');
const vitrinePrice = real('offers/site-vitrine.yaml').price as string;

beforeEach(() => {
  rmSync(join(scratch, 'src'), { recursive: true, force: true });
  cpSync(join(ROOT, 'src/content'), join(scratch, 'src/content'), { recursive: true });
});

/** Sets `field` (a dotted path) of a scratch YAML file or Markdown front matter; `body` replaces the Markdown text. */
function edit(file: string, field: string, value: string, body?: string) {
  const path = join(scratch, 'src/content', file);
  const markdownFile = file.endsWith('.md');
  const source = readFileSync(path, 'utf8');
  const parsed = markdownFile ? frontmatter(source) : { data: parse(source), body: '' };
  const keys = field.split('.');
  const parent = keys.slice(0, -1).reduce((node, key) => node[key], parsed.data);
  parent[keys.at(-1)!] = value;
  const yamlText = JSON.stringify(parsed.data, null, 2);
  writeFileSync(path, markdownFile ? `---\n${yamlText}\n---\n${body ?? parsed.body}\n` : yamlText);
}

/** One fixture per collection: the file and a free-text field the test writes placeholders into. */
const fixtures: Record<string, { file: string; field: string }> = {
  settings: { file: 'settings/site.yaml', field: 'tagline' },
  faq: { file: 'faq/tarifs.yaml', field: 'title' },
  testimonials: { file: 'testimonials/home-claire-dubois.yaml', field: 'content' },
  pages: { file: 'pages/services.yaml', field: 'hero.title' },
  offers: { file: 'offers/plan-starter.yaml', field: 'description' },
  services: { file: 'services/site-vitrine.yaml', field: 'lead' },
  projects: { file: 'projects/cabinet-medical.yaml', field: 'description' },
  consultations: { file: 'consultations/audit-technique.yaml', field: 'description' },
  slots: { file: 'slots/semaine.yaml', field: 'slotLabel' },
  team: { file: 'team/01-thomas-laurent.yaml', field: 'description' },
  blog: { file: 'blog/seo-local-marseille.md', field: 'title' },
  jobs: { file: 'jobs/01-developpeur-full-stack.yaml', field: 'description' },
  legal: { file: 'legal/cgv.md', field: 'hero.title' },
};

const idOf = (file: string) => file.split('/')[1].replace(/\.(ya?ml|md)$/, '');
const valueAt = (data: Record<string, unknown>, field: string) =>
  field.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], data);

describe('placeholders in every collection', () => {
  it('has a fixture for each collection of src/content.config.ts', () => {
    expect(Object.keys(fixtures).sort()).toEqual(Object.keys(collections).sort());
  });

  it.each(Object.entries(fixtures))(
    '%s: a text field quotes the settings and another entry',
    async (name, { file, field }) => {
      const markdownFile = file.endsWith('.md');
      edit(
        file,
        field,
        'Appelez le {phone.display} : site vitrine {offers.site-vitrine.price}',
        markdownFile ? 'Écrivez à {email} ({legal.companyName}).' : undefined,
      );
      const entry = (await load(name)).get(idOf(file))!;
      expect(valueAt(entry.data, field)).toBe(
        frenchTypography(`Appelez le ${settings.phone.display} : site vitrine ${vitrinePrice}`),
      );
      if (markdownFile) {
        expect(entry.body).toBe(`Écrivez à ${settings.email} (${settings.legal.companyName}).`);
        expect(entry.rendered?.html).toContain(settings.email);
      }
    },
  );

  it.each(Object.entries(fixtures))(
    '%s: an unknown placeholder fails naming the file and the field',
    async (name, { file, field }) => {
      edit(file, field, 'Joignable au {phone.dispay}');
      await expect(load(name)).rejects.toThrow(
        `src/content/${file} — champ « ${field} » : le repère {phone.dispay} n’existe pas. Vouliez-vous dire {phone.display} ? Vérifiez son orthographe : les repères possibles sont listés dans CONTENT.md (« Citer un fait »).`,
      );
    },
  );

  it('fails on a placeholder in a Markdown body, naming the body', async () => {
    edit('legal/cgv.md', 'title', 'CGV', 'Société {legal.companyNme}.');
    await expect(load('legal')).rejects.toThrow(
      'src/content/legal/cgv.md — champ « texte (sous le bloc ---) » : le repère {legal.companyNme} n’existe pas. Vouliez-vous dire {legal.companyName} ?',
    );
  });
});

/** Loads a broken fixture's collection with the fixture copied in; returns the error it stops on. */
async function loadWithBrokenFile(fixture: (typeof brokenFixtures)[number]) {
  const target = join(scratch, 'src/content', fixture.file);
  cpSync(join(ROOT, 'tests/fixtures/content-errors', fixture.file), target);
  try {
    await load(fixture.collection);
    return undefined;
  } catch (caught) {
    return caught as Error;
  } finally {
    rmSync(target);
  }
}

describe('a deliberately broken content file', () => {
  it.each(brokenFixtures)(
    '$case: stops the load with the exact French message',
    async (fixture) => {
      const error = await loadWithBrokenFile(fixture);
      expect(error?.message).toBe(fixture.message);
    },
  );

  it('is quoted word for word in CONTENT.md', () => {
    const guide = readFileSync(join(ROOT, 'CONTENT.md'), 'utf8');
    for (const fixture of brokenFixtures) expect(guide).toContain(fixture.message);
  });
});

describe('the loader and the whole-content check', () => {
  const prepareFailures = brokenFixtures.filter((fixture) =>
    ['missing field', 'wrong type', 'bad date', 'unknown placeholder', 'unknown field'].includes(
      fixture.case,
    ),
  );

  it.each(prepareFailures)(
    '$case: both prepare the file in the one step and get the same lines',
    async (fixture) => {
      prepared.length = 0;
      const error = await loadWithBrokenFile(fixture);
      const calls = prepared.filter(({ file }) => file === `src/content/${fixture.file}`);
      expect(calls.map(({ from }) => from).sort()).toEqual(['check', 'loader']);
      expect(calls.map(({ result }) => !result.ok && result.error.message)).toEqual([
        fixture.message,
        fixture.message,
      ]);
      expect(error?.message).toBe(fixture.message);
    },
  );

  it('prepare a valid file into the same entry', async () => {
    prepared.length = 0;
    await load('blog');
    const calls = prepared.filter(({ file }) => file === 'src/content/blog/seo-local-marseille.md');
    expect(calls.map(({ from }) => from).sort()).toEqual(['check', 'loader']);
    expect(calls[0].result.ok).toBe(true);
    expect(calls[0].result).toEqual(calls[1].result);
  });
});

describe('a photo field naming a file of another folder', () => {
  it('is refused in French even though the file exists there', async () => {
    cpSync(
      join(ROOT, 'tests/fixtures/content-errors/pages/atelier.jpg'),
      join(scratch, 'src/content/pages/atelier.jpg'),
    );
    const file = join(scratch, 'src/content/team/01-thomas-laurent.yaml');
    const data = parse(readFileSync(file, 'utf8'));
    data.photo = { src: '../pages/atelier.jpg', alt: 'Thomas à l’atelier' };
    writeFileSync(file, JSON.stringify(data));
    await expect(load('team')).rejects.toThrow(
      'src/content/team/01-thomas-laurent.yaml — champ « photo.src » : la photo « ../pages/atelier.jpg » est prise dans un autre dossier : une photo se place à côté de son fichier de contenu, dans src/content/team/. Copiez-y le fichier (ou envoyez-le par le bouton de l’éditeur) et écrivez seulement son nom : « atelier.jpg ».',
    );
  });
});

describe('an MDX body', () => {
  it('is filled and typeset before MDX reads braces as code, front matter untouched', () => {
    const facts = { phone: { display: '04 91 00 00 00' }, brand: 'A <b> & C' };
    expect(
      fillMdxBody(
        '---\ntitle: "{brand}"\n---\nAppelez le {phone.display}, {brand}.',
        facts,
        'x.mdx',
      ),
    ).toBe(
      '---\ntitle: "{brand}"\n---\nAppelez le 04\u00a091\u00a000\u00a000\u00a000, A &lt;b&gt; &amp; C.',
    );
  });

  it('fails on an unknown placeholder, naming the file and the body', () => {
    expect(() => fillMdxBody('Texte {phone.dispay}', { phone: { display: 'x' } }, 'b.mdx')).toThrow(
      'b.mdx — champ « texte (sous le bloc ---) » : le repère {phone.dispay} n’existe pas. Vouliez-vous dire {phone.display} ?',
    );
  });
});
