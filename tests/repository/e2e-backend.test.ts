/**
 * The end-to-end run starts the local backend once, in its global setup: a spec that started its own
 * on the fixed test ports would wait for the run's, then fail. Specs that stop part of the backend
 * or change its limits would break the specs running beside them, so they run alone, after the others
 * (BACKEND_EXCLUSIVE_SPECS, tests/e2e/support/projects.ts), their tests one after the other.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { BACKEND_EXCLUSIVE_SPECS } from '../e2e/support/projects';

const E2E = 'tests/e2e';
const specs = readdirSync(E2E)
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => ({ name, code: readFileSync(join(E2E, name), 'utf8') }));

it('the run starts the backend once, in the global setup', () => {
  expect(readFileSync('playwright.config.ts', 'utf8')).toContain(
    "globalSetup: './tests/e2e/support/global-setup.ts'",
  );
  const starters = specs.filter(({ code }) => /\bstart(Test)?Backend\(/.test(code));
  expect(starters.map(({ name }) => name)).toEqual([]);
});

it('specs that stop or limit the backend run alone, one test after the other', () => {
  const changers = specs.filter(({ code }) => /\b(controlBackend|setRateLimit)\(/.test(code));
  expect(changers.map(({ name }) => name).sort()).toEqual([...BACKEND_EXCLUSIVE_SPECS].sort());
  for (const { code } of changers)
    expect(code).toContain("test.describe.configure({ mode: 'serial' })");
});
