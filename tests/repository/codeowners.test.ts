// Issue 52 point 7: what runs with production's secrets, and the tests that guard it, need a code
// owner's review (.github/CODEOWNERS, with branch protection's « Require review from Code Owners »);
// a copywriter's draft (src/content/ only) needs none. Every file the deploy scripts import, however
// deep, is owned: a change to any of them runs in the deploy job.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** CODEOWNERS' rules, in order: a pattern and its owners (the last matching rule wins). */
const rules = readFileSync('.github/CODEOWNERS', 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => {
    const [pattern, ...owners] = line.split(/\s+/);
    return { pattern, owners };
  });

/** A CODEOWNERS pattern (the subset used: anchored `/…`, `*`, a trailing `/` for a folder). */
function matches(pattern: string, path: string): boolean {
  const anchored = pattern.startsWith('/');
  const body = pattern
    .replace(/^\//, '')
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\u0000/g, '.*');
  const folder = pattern.endsWith('/');
  return new RegExp(`${anchored ? '^' : '(^|/)'}${body}${folder ? '' : '(/|$)'}`).test(path);
}

const ownersOf = (path: string) =>
  rules.filter((rule) => matches(rule.pattern, path)).at(-1)?.owners ?? [];

/** Every repository file `entry` imports, transitively (relative imports, TypeScript's own reader). */
function importsOf(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const { importedFiles } = ts.preProcessFile(readFileSync(entry, 'utf8'), true, true);
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const path = normalize(join(dirname(entry), fileName));
    if (existsSync(path)) importsOf(path, seen);
  }
  return seen;
}

describe('CODEOWNERS', () => {
  it('owns the workflows, scripts, Supabase and the tests that guard them', () => {
    for (const path of [
      '.github/workflows/ci.yml',
      '.github/CODEOWNERS',
      'scripts/deploy.mjs',
      'supabase/migrations/20261129000200_newsletter_ceilings.sql',
      'supabase/functions/form-post/handler.ts',
      'package.json',
      'tests/scripts/deploy.test.ts',
      'tests/repository/workflow-secrets.test.ts',
      'tests/repository/workflow-triggers.test.ts',
      'tests/repository/support/workflow-expressions.ts',
      'tests/repository/codeowners.test.ts',
      'tests/backend/newsletter-limits.test.mjs',
    ])
      expect(ownersOf(path), path).not.toEqual([]);
  });

  it('owns every file the deploy scripts import', () => {
    const files = [...importsOf('scripts/deploy.mjs'), ...importsOf('scripts/privacy.mjs')];
    expect(files).toContain('scripts/lib/deploy-turnstile.mjs');
    expect(files.filter((path) => !ownersOf(path).length)).toEqual([]);
  });

  it('leaves a copywriter’s draft without an owner to ask', () => {
    for (const path of ['src/content/blog/mon-article.mdx', 'src/content/projects/x.json'])
      expect(ownersOf(path), path).toEqual([]);
  });

  it('reads patterns as GitHub does: anchored, folders, stars', () => {
    expect(matches('/scripts/', 'scripts/lib/a.mjs')).toBe(true);
    expect(matches('/scripts/', 'src/scripts/a.ts')).toBe(false);
    expect(matches('/tests/scripts/deploy*.test.ts', 'tests/scripts/deploy-x.test.ts')).toBe(true);
    expect(matches('/tests/scripts/deploy*.test.ts', 'tests/scripts/deployx/a.test.ts')).toBe(
      false,
    );
  });
});
