/**
 * The project's code stands on public ground: no import of an API a package marks unstable or
 * internal, and no import from inside a package's build output or private folders.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'scripts', 'astro.config.mjs'];
const CODE = /\.(?:[cm]?[jt]sx?|astro)$/;

function files(path: string): string[] {
  if (CODE.test(path)) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Module specifiers a file imports (static, dynamic, re-exports). */
const specifiers = (source: string) =>
  [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["'`]([^"'`]+)["'`]/g)].map((m) => m[1]);

/** Why a specifier or an imported name is private ground, or undefined. */
function privateGround(source: string): string[] {
  const found: string[] = [];
  for (const specifier of specifiers(source)) {
    if (specifier.startsWith('.') || specifier.startsWith('node:')) continue;
    if (
      /(^|\/)(dist|internal|internals|_internal|src)(\/|$)/.test(
        specifier.replace(/^(@[^/]+\/)?[^/]+/, ''),
      )
    )
      found.push(`deep import ${specifier}`);
  }
  for (const match of source.matchAll(/\b(__unstable__\w*|unstable_\w+|experimental_\w+)/g))
    found.push(`unstable API ${match[1]}`);
  return found;
}

describe('public ground', () => {
  it('flags unstable APIs and deep or internal package paths', () => {
    expect(
      privateGround("import { __unstable__loadDesignSystem } from '@tailwindcss/node';"),
    ).toEqual(['unstable API __unstable__loadDesignSystem']);
    expect(privateGround("import x from 'astro/dist/runtime/server/index.js';")).toEqual([
      'deep import astro/dist/runtime/server/index.js',
    ]);
    expect(privateGround("import y from '@scope/pkg/internal/y';")).toEqual([
      'deep import @scope/pkg/internal/y',
    ]);
    expect(
      privateGround("import Beasties from 'beasties'; import { a } from 'astro/config';"),
    ).toEqual([]);
  });

  it.each(ROOTS.flatMap(files))('%s imports no private API', (file) => {
    expect(privateGround(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
