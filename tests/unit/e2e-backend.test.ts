/**
 * The end-to-end tests start the local backend on fixed ports (tests/e2e/ports.ts), so one spec file
 * owns it: Playwright runs two files at once in its two workers, and a second file starting the
 * backend while the first holds it waits, then fails (seen in CI). Tests that need the backend go in
 * that file, whose tests run one after the other.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

const E2E = 'tests/e2e';
const OWNER = 'contact.spec.ts';

it(`only ${OWNER} starts the backend, and runs its tests one after the other`, () => {
  const starters = readdirSync(E2E).filter(
    (name) =>
      name.endsWith('.spec.ts') &&
      readFileSync(join(E2E, name), 'utf8').includes('startTestBackend('),
  );
  expect(starters).toEqual([OWNER]);
  expect(readFileSync(join(E2E, OWNER), 'utf8')).toContain(
    "test.describe.configure({ mode: 'serial' })",
  );
});
