/**
 * The project's code stands on public ground: no import of an API a package marks unstable or
 * internal, no import from inside a package but through what its `exports` publish, and no import of
 * a package the project does not declare (one that is only there as another package's dependency
 * can vanish with that package's next release).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = [
  'src',
  'scripts',
  'local-backend',
  'bench',
  'supabase/functions',
  'astro.config.mjs',
];
const CODE = /\.(?:[cm]?[jt]sx?|astro)$/;

function files(path: string): string[] {
  if (CODE.test(path)) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Module specifiers a file imports (static, dynamic, `require`, re-exports), read by TypeScript. */
const specifiers = (source: string) =>
  ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);

/** Specifiers that name no npm package: relative, Node's, Astro's virtual modules, Deno's. */
const NOT_A_PACKAGE = /^(?:\.|\/|node:|astro:|npm:|jsr:|https?:)/;

type Manifest = { exports?: unknown; dependencies?: object; devDependencies?: object };
const project = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const declared = new Set(Object.keys({ ...project.dependencies, ...project.devDependencies }));

/** The subpaths a package publishes (`./client`, `./*`), from its package.json's `exports`. */
function published(name: string): string[] {
  const file = join('node_modules', name, 'package.json');
  if (!existsSync(file)) return [];
  const { exports } = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  return exports && typeof exports === 'object' && !Array.isArray(exports)
    ? Object.keys(exports).filter((key) => key.startsWith('./'))
    : [];
}

/** Why an imported package path is private ground, or undefined. */
function packageProblem(specifier: string, packages: Set<string>): string | undefined {
  const [, name, subpath] = specifier.replace(/\?.*$/, '').match(/^(@[^/]+\/[^/]+|[^/]+)(\/.*)?$/)!;
  if (!packages.has(name)) return `undeclared package ${name} (not in package.json)`;
  if (!subpath || subpath === '/package.json') return undefined;
  const wanted = `.${subpath}`;
  const open = published(name).some((key) =>
    key.includes('*') ? wanted.startsWith(key.slice(0, key.indexOf('*'))) : key === wanted,
  );
  return open ? undefined : `deep import ${specifier} (not in the package's exports)`;
}

/** Why a file's imports are private ground: each problem once. */
function privateGround(source: string, packages = declared): string[] {
  const found: string[] = [];
  for (const specifier of specifiers(source)) {
    if (NOT_A_PACKAGE.test(specifier)) continue;
    const problem = packageProblem(specifier, packages);
    if (problem) found.push(problem);
  }
  for (const match of source.matchAll(/\b(__unstable__\w*|unstable_\w+|experimental_\w+)/g))
    found.push(`unstable API ${match[1]}`);
  return [...new Set(found)];
}

describe('public ground', () => {
  it('flags unstable APIs, undeclared packages and paths outside exports', () => {
    expect(
      privateGround("import { __unstable__loadDesignSystem } from '@tailwindcss/node';"),
    ).toEqual([
      'undeclared package @tailwindcss/node (not in package.json)',
      'unstable API __unstable__loadDesignSystem',
    ]);
    expect(privateGround("import x from 'astro/dist/runtime/server/index.js';")).toEqual([
      "deep import astro/dist/runtime/server/index.js (not in the package's exports)",
    ]);
    expect(privateGround("const i = require('deno/install_api.cjs');")).toEqual([
      "deep import deno/install_api.cjs (not in the package's exports)",
    ]);
    expect(privateGround("await import('async-exit-hook');", new Set())).toEqual([
      'undeclared package async-exit-hook (not in package.json)',
    ]);
    expect(
      privateGround(
        "import Beasties from 'beasties'; import { a } from 'astro/config'; import 'node:fs';",
      ),
    ).toEqual([]);
  });

  it.each(ROOTS.flatMap(files))('%s imports no private API', (file) => {
    expect(privateGround(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
