/**
 * A copywriter's `npm run dev`: breaking a content file shows the French message in the browser, over
 * the page (the last valid version never stays silently); fixing it brings the page back. Runs
 * `astro dev` on a scratch copy of the project, on the site port + 100.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { TEST_SITE_PORT } from '../../scripts/lib/test-ports.mjs';

const ROOT = process.cwd();
const PORT = TEST_SITE_PORT + 100;
const JOB = 'src/content/jobs/01-developpeur-full-stack.yaml';
const MESSAGE = `${JOB} — champ « datePosted » : « 12/02/2024 » n’est pas une date au format AAAA-MM-JJ. Écrivez par exemple 2024-02-12 pour le 12 février 2024.`;

/**
 * The limit of each wait below. The test's own timeout is larger than the sum of them all, so a slow
 * step fails by its name rather than the whole test timing out with none named. Under a load
 * average of 13-16 on the 2-core host, no step took over 11 s.
 */
const STEP = 20_000;
/** Starting `astro dev` and compiling the two routes: 73 s at a load average of 14. */
const START = 120_000;

let scratch: string;
let server: ChildProcess;

/** The status of a dev server's answer, or 0 while it refuses or resets the connection. */
const statusOf = (path: string) =>
  fetch(`http://localhost:${PORT}${path}`, { headers: { accept: 'text/html' } }).then(
    (r) => r.status,
    () => 0,
  );

test.beforeAll(async () => {
  test.setTimeout(START + 30_000);
  scratch = mkdtempSync(join(tmpdir(), 'content-dev-'));
  // supabase/: the form's validation rules (supabase/functions/_shared) are shared with the site.
  for (const entry of [
    'src',
    'public',
    'supabase',
    'astro.config.mjs',
    'tsconfig.json',
    'package.json',
  ])
    cpSync(join(ROOT, entry), join(scratch, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  server = spawn(join(ROOT, 'node_modules/.bin/astro'), ['dev', '--port', String(PORT)], {
    cwd: scratch,
    env: { ...process.env, ASTRO_CACHE_DIR: join(scratch, '.cache'), FORCE_COLOR: '0' },
    stdio: 'ignore',
  });
  // Both routes compiled here, so the test's steps wait for the reloads they check, not a first compile.
  await expect.poll(() => statusOf('/carrieres'), { timeout: START, intervals: [1000] }).toBe(200);
  await expect
    .poll(() => statusOf('/notre-equipe'), { timeout: STEP, intervals: [1000] })
    .toBe(200);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(scratch, { recursive: true, force: true });
});

test('a broken content file shows its French message over the page until it is fixed', async ({
  page,
  context,
}) => {
  // Ten waits of at most STEP each, and the pages' setup and teardown.
  test.setTimeout(11 * STEP);
  const file = join(scratch, JOB);
  const valid = readFileSync(file, 'utf8');
  // Every navigation waits for the response only, then for what it checks: a page showing the error
  // may be reloaded by its dev client at any moment, and a `load` event awaited across those reloads
  // once held a navigation until the test's timeout, with no step named.
  const open = (target: typeof page, path: string) =>
    target.goto(`http://localhost:${PORT}${path}`, { waitUntil: 'commit', timeout: STEP });
  await open(page, '/carrieres');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: STEP });

  writeFileSync(file, valid.replace(/^datePosted: .*$/m, 'datePosted: 12/02/2024'));
  const overlay = page.locator('vite-error-overlay');
  await expect(overlay).toBeAttached({ timeout: STEP });
  await expect(overlay).toContainText(MESSAGE, { timeout: STEP });

  // Each next check opens a new page and closes the one before: the dev client of a page showing
  // the error may reload it at any moment, and that reload would race a navigation made from it.
  await page.close();

  // Another page still shows the message, not the last valid version.
  const other = await context.newPage();
  await open(other, '/notre-equipe');
  await expect(other.locator('vite-error-overlay')).toContainText(MESSAGE, { timeout: STEP });
  await other.close();

  // Fixed: once the dev server has reloaded the entry, the page is back.
  writeFileSync(file, valid);
  await expect.poll(() => statusOf('/carrieres'), { timeout: STEP, intervals: [1000] }).toBe(200);
  const fixed = await context.newPage();
  await open(fixed, '/carrieres');
  await expect(fixed.getByRole('heading', { level: 1 })).toBeVisible({ timeout: STEP });
  await expect(fixed.locator('vite-error-overlay')).toHaveCount(0, { timeout: STEP });
  // Closed here, like the pages before it, rather than by the context's teardown, which a dev
  // client's reload under way once held past the test's timeout.
  await fixed.close();
});
