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
import { contentFileData } from '../../src/lib/content-files';
import { formatContentIssues } from '../../src/lib/content-errors';
import { jobSchema, blogPostSchema } from '../../src/schemas/company';

const ROOT = process.cwd();

type AnySchema = z.ZodType;

/** Validates one file against a schema; returns "<file>: <field>: <message>" lines (empty when valid). */
function validateFile(path: string, schema: AnySchema): string[] {
  const file = relative(ROOT, path);
  const result = schema.safeParse(contentFileData(file, readFileSync(path, 'utf8')));
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
  it('has the four team members, four posts, four jobs and three legal texts of the spec', () => {
    expect([count('team'), count('blog'), count('jobs'), count('legal')]).toEqual([4, 4, 4, 3]);
  });
});

describe('a broken entry', () => {
  it('is reported with the file, the field and the reason, one line per problem', () => {
    const messages = validateFile(join(ROOT, 'tests/unit/fixtures/broken-job.yaml'), jobSchema);
    expect(messages).toEqual([
      expect.stringMatching(/^tests\/unit\/fixtures\/broken-job\.yaml: title: .*expected string/i),
      'tests/unit/fixtures/broken-job.yaml: type: Invalid option: expected one of "CDI"|"Freelance"|"Stage"',
      'tests/unit/fixtures/broken-job.yaml: skills: Too small: expected array to have >=1 items',
    ]);
  });

  it('in Markdown frontmatter is reported the same way', () => {
    const messages = validateFile(join(ROOT, 'tests/unit/fixtures/broken-post.md'), blogPostSchema);
    expect(messages).toEqual([
      'tests/unit/fixtures/broken-post.md: description: Too small: expected string to have >=50 characters',
      'tests/unit/fixtures/broken-post.md: category: Invalid option: expected one of "Création web"|"Référencement"|"Intelligence artificielle"|"Automatisation"|"E-commerce"',
    ]);
  });

  it('that is not valid YAML names the file', () => {
    expect(() => contentFileData('src/content/jobs/x.yaml', 'title: [unclosed')).toThrow(
      /^src\/content\/jobs\/x\.yaml: /,
    );
  });

  it('formats nested fields with dotted paths', () => {
    expect(
      formatContentIssues('a.yaml', [
        { path: ['sections', 'values', 'items', 2, 'title'], message: 'Required' },
      ]),
    ).toEqual(['a.yaml: sections.values.items.2.title: Required']);
    expect(formatContentIssues('a.yaml', [{ path: [], message: 'Expected object' }])).toEqual([
      'a.yaml: (fichier entier): Expected object',
    ]);
  });
});
