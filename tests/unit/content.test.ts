/**
 * Every entry of every content collection validates against its schema, and a broken entry yields a
 * message naming the file, the field and the reason. The collections are taken from
 * src/content.config.ts (tests/unit/support/collections.ts).
 */
import { contentCollections } from './support/collections';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { contentFileData } from '../../src/lib/content/files';
import { formatContentIssues, frenchErrorMap } from '../../src/lib/content/errors';
import { readPlaceholderSource } from '../../src/lib/content/loader';
import { fillPlaceholders } from '../../src/lib/content/placeholders';
import { jobSchema, blogPostSchema } from '../../src/schemas/company';

const ROOT = process.cwd();

type AnySchema = z.ZodType;

const facts = readPlaceholderSource(ROOT);

/** Validates one file (placeholders filled, as the build does); returns its error lines (empty when valid). */
function validateFile(path: string, schema: AnySchema): string[] {
  const file = relative(ROOT, path);
  const data = fillPlaceholders(contentFileData(file, readFileSync(path, 'utf8')), facts, file);
  const result = schema.safeParse(data, {
    error: frenchErrorMap,
  });
  return result.success ? [] : formatContentIssues(file, result.error.issues);
}

const entries = await contentCollections();

describe.each(entries)('collection $name', ({ name, options, files, schema }) => {
  it('is loaded from files by a glob loader with a schema', () => {
    expect(
      options,
      `${name}: its loader is not glob(), this test cannot find its files`,
    ).toBeDefined();
    expect(schema, `${name}: no schema`).toBeDefined();
  });

  it('has at least one entry file', () => {
    expect(files.length, `${name}: no file matches ${JSON.stringify(options)}`).toBeGreaterThan(0);
  });

  it('has every entry valid against its schema', () => {
    const problems = files.flatMap((file) => validateFile(file, schema));
    expect(problems).toEqual([]);
  });
});

describe('content of the company pages', () => {
  const count = (name: string) => entries.find((entry) => entry.name === name)?.files.length;
  it('has the spec’s four team members, four posts, four jobs, three legal texts', () => {
    expect([count('team'), count('blog'), count('jobs'), count('legal')]).toEqual([4, 4, 4, 3]);
  });
});

describe('a broken entry', () => {
  it('is reported with the file, the field and the reason, one line per problem', () => {
    const messages = validateFile(join(ROOT, 'tests/unit/fixtures/broken-job.yaml'), jobSchema);
    expect(messages).toEqual([
      'tests/unit/fixtures/broken-job.yaml — champ « title » : ce champ obligatoire manque. Ajoutez la ligne « title: … » (voir CONTENT.md).',
      'tests/unit/fixtures/broken-job.yaml — champ « type » : la valeur « Interim » n’est pas prévue. Choisissez parmi : « CDI », « Freelance », « Stage ».',
      'tests/unit/fixtures/broken-job.yaml — champ « skills » : la liste doit compter au moins 1 élément (elle en a 0). Ajoutez-en.',
    ]);
  });

  it('in Markdown frontmatter is reported the same way', () => {
    const messages = validateFile(join(ROOT, 'tests/unit/fixtures/broken-post.md'), blogPostSchema);
    expect(messages).toEqual([
      'tests/unit/fixtures/broken-post.md — champ « description » : texte trop court (11 caractères) : il en faut au moins 50. Complétez-le.',
      'tests/unit/fixtures/broken-post.md — champ « category » : la valeur « Test » n’est pas prévue. Choisissez parmi : « Création web », « Référencement », « Intelligence artificielle », « Automatisation », « E-commerce ».',
    ]);
  });

  it('that is not valid YAML names the file', () => {
    expect(() => contentFileData('src/content/jobs/x.yaml', 'title: [unclosed')).toThrow(
      /^src\/content\/jobs\/x\.yaml: /,
    );
  });

  it('formats nested fields with dotted paths and list positions counted from 1', () => {
    expect(
      formatContentIssues('a.yaml', [
        { path: ['sections', 'values', 'items', 2, 'title'], message: 'manque' },
      ]),
    ).toEqual(['a.yaml — champ « sections.values.items[3].title » : manque.']);
    expect(formatContentIssues('a.yaml', [{ path: [], message: 'fichier vide' }])).toEqual([
      'a.yaml : fichier vide.',
    ]);
  });
});
