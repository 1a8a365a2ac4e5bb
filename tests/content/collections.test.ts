/**
 * Every entry of every content collection validates against its schema (the collections of
 * src/content.config.ts, tests/unit/support/collections.ts), and the spec's company pages are there.
 */
import { describe, expect, it } from 'vitest';
import { contentCollections } from '../unit/support/collections';
import { validateFile } from '../unit/support/validate-file';

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
