/**
 * Small and plain: no file of the site, its scripts, benchmarks, local backend or Edge Functions, and
 * no module of the tests but the test files themselves (their helpers, stand-ins, servers), over 250
 * lines and no function over 60 lines, counted with the TypeScript compiler's own parser (.ts, .tsx,
 * .mjs, .astro frontmatter).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const MAX_FILE_LINES = 250;
const MAX_FUNCTION_LINES = 60;
const CODE = new Set(['.ts', '.tsx', '.mts', '.mjs', '.js', '.astro', '.css']);
/** The folders guarded: every folder of code, the tests' too. */
const ROOTS = ['src', 'scripts', 'bench', 'local-backend', 'supabase/functions', 'tests'];
/** Folders of copy and artwork, not code. */
const NOT_CODE = ['src/content/', 'src/assets/'];
/**
 * A test file (`*.test.*`, `*.spec.*`): a list of cases, split by subject rather than at a line
 * count (docs/testing.md names those over 250 lines and why). Every other module of tests/ is code.
 */
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return CODE.has(extname(entry.name)) &&
      !NOT_CODE.some((folder) => path.startsWith(folder)) &&
      !TEST_FILE.test(entry.name)
      ? [path]
      : [];
  });
}

const lineCount = (text: string) => text.replace(/\n$/, '').split('\n').length;

/** The TypeScript of a file: the whole of a .ts/.tsx file, the frontmatter of an .astro file. */
function typescriptOf(path: string, text: string): string | undefined {
  if (path.endsWith('.astro')) return /^---\n([\s\S]*?)\n---/.exec(text)?.[1];
  return /\.(m?ts|tsx|mjs|js)$/.test(path) ? text : undefined;
}

/** Every function of `code` longer than the limit, as `name (lines)`. */
export function longFunctions(path: string, code: string, limit = MAX_FUNCTION_LINES): string[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > limit) found.push(`${functionName(node)} at line ${start + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function functionName(node: ts.Node): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return 'anonymous function';
}

const files = ROOTS.flatMap((root) => sourceFiles(root));

it('finds the long functions it guards against', () => {
  const body = Array.from({ length: 61 }, (_, i) => `  const a${i} = ${i};`).join('\n');
  expect(longFunctions('x.ts', `export function big() {\n${body}\n}`)).toEqual([
    'big at line 1 (63 lines)',
  ]);
  expect(longFunctions('x.ts', 'const small = () => 1;')).toEqual([]);
});

it(`no file of code is over ${MAX_FILE_LINES} lines`, { timeout: 60_000 }, () => {
  const long = files
    .map((path) => [path, lineCount(readFileSync(path, 'utf8'))] as const)
    .filter(([, lines]) => lines > MAX_FILE_LINES)
    .map(([path, lines]) => `${path}: ${lines} lines`);
  expect(long).toEqual([]);
});

it(`no function is over ${MAX_FUNCTION_LINES} lines`, { timeout: 60_000 }, () => {
  const long = files.flatMap((path) => {
    const code = typescriptOf(path, readFileSync(path, 'utf8'));
    return code ? longFunctions(path, code).map((found) => `${path}: ${found}`) : [];
  });
  expect(long).toEqual([]);
});
