/**
 * The blog at 1,000 posts (scripts/blog-scale.mjs) runs the build checks on its own build, less those
 * that build a scratch project and read nothing of it: the list it leaves out must be exactly those
 * files, or a check would be run twice for nothing, or one reading the build skipped at 1,000 posts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CODE_ONLY_BUILD_CHECKS, SCRATCH_BUILD_CHECKS } from '../../scripts/lib/build-checks.mjs';

const BUILD = 'tests/build';
const checks = readdirSync(BUILD)
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => ({ file: `${BUILD}/${name}`, code: readFileSync(join(BUILD, name), 'utf8') }));

it('the scale step leaves out exactly the checks that build a scratch project', () => {
  const scratch = checks.filter(({ code }) => /from '\.\/(scratch|budget-fixture)'/.test(code));
  expect([...SCRATCH_BUILD_CHECKS].sort()).toEqual(scratch.map(({ file }) => file).sort());
  for (const file of CODE_ONLY_BUILD_CHECKS) expect(SCRATCH_BUILD_CHECKS).toContain(file);
});

it('no check left out of the scale step reads the test build', () => {
  for (const { file, code } of checks.filter(({ file }) => SCRATCH_BUILD_CHECKS.includes(file)))
    expect(code, file).not.toMatch(/\b(DIST|builtPages|inject)\b/);
});
