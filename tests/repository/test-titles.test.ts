/**
 * Test titles say the behaviour in 80 characters or fewer: the report of a run reads like the spec.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const MAX_TITLE = 80;
const TEST_FILE = /\.(test|spec)\.(ts|tsx|mjs)$/;
const CALLS = /^(it|test|describe)(\.(each\(.*\)|only|skip|serial|describe|concurrent|fixme))*$/s;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path);
    return TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** The title of every `it`, `test` and `describe` of a file, as written (`${…}` kept as is). */
export function titlesOf(path: string, code: string): string[] {
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, code, ts.ScriptTarget.Latest, true, kind);
  const titles: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && CALLS.test(node.expression.getText(file))) {
      const [title] = node.arguments;
      if (title && (ts.isStringLiteralLike(title) || ts.isTemplateExpression(title)))
        titles.push(ts.isStringLiteralLike(title) ? title.text : title.getText(file).slice(1, -1));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return titles;
}

it('reads the titles of tests and groups', () => {
  const code =
    "describe('a', () => { it('b', () => {}); test.describe.serial(`c ${d}`, () => {}); });";
  expect(titlesOf('x.ts', code)).toEqual(['a', 'b', 'c ${d}']);
});

it(`every test title is ${MAX_TITLE} characters or fewer`, { timeout: 60_000 }, () => {
  const long = testFiles('tests').flatMap((path) =>
    titlesOf(path, readFileSync(path, 'utf8'))
      .filter((title) => title.length > MAX_TITLE)
      .map((title) => `${path}: ${title} (${title.length})`),
  );
  expect(long).toEqual([]);
});
