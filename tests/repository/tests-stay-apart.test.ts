/**
 * The tests stand on the code, never the other way: nothing in scripts/, bench/, local-backend/,
 * src/ or supabase/functions/ imports a file of tests/ (the test runs' ports and settings live in
 * scripts/lib/test-ports.mjs, which the tests read).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['scripts', 'bench', 'local-backend', 'src', 'supabase/functions'];
const CODE = /\.(?:[cm]?[jt]sx?|astro)$/;
const TESTS = resolve('tests');

const files = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

/** The relative imports of `source` (a file at `file`) that land in tests/. */
function intoTests(file: string, source: string): string[] {
  return ts
    .preProcessFile(source, true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .filter((specifier) => {
      const target = resolve(dirname(file), specifier);
      return target === TESTS || !relative(TESTS, target).startsWith('..');
    });
}

describe('tests stay apart', () => {
  it('finds an import of tests/ from a script', () => {
    expect(
      intoTests('scripts/test.mjs', "import { A } from '../tests/support/signin.ts';"),
    ).toEqual(['../tests/support/signin.ts']);
    expect(intoTests('scripts/test.mjs', "import { A } from './lib/test-ports.mjs';")).toEqual([]);
  });

  it.each(ROOTS.flatMap(files))('%s imports nothing from tests/', (file) => {
    expect(intoTests(file, readFileSync(file, 'utf8'))).toEqual([]);
  });
});
