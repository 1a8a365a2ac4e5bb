/**
 * The visual editor (/admin, Decap CMS) in Chromium against its real local proxy (decap-server): a
 * copywriter changes an offer's price, publishes, and the file and the rebuilt pricing page show it;
 * every collection opens with its French form and no console error (CSP included).
 * Everything happens in a scratch copy of the project (node_modules linked), never in this checkout.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { startHost } from '../../scripts/lib/host.mjs';
import { childEnv } from '../../scripts/lib/env.mjs';
import { parse } from 'yaml';
import {
  TEST_CMS_PROXY_PORT,
  TEST_DIST,
  TEST_SCRATCH_INSPECTOR_PORT,
  TEST_SCRATCH_SITE_PORT,
} from './ports';

const ROOT = process.cwd();
/** Not copied into the scratch project: dependencies (linked instead), builds, caches, local data. */
const SKIP =
  /^(node_modules|\.git|dist.*|\.astro|\.local-backend|test-results|playwright-report|coverage|reports|screenshots)$/;
const OFFER = 'src/content/offers/site-vitrine.yaml';
/** The new price, with no-break spaces as the content guide asks. */
const NEW_PRICE = '1\u00a0234\u00a0€';

// One scratch copy and one proxy (on a fixed port) for the file: its tests run one after the other.
test.describe.configure({ mode: 'serial' });

let scratch: string;
let proxy: ChildProcess;

test.beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'cms-e2e-'));
  cpSync(ROOT, scratch, {
    recursive: true,
    filter: (source) => !SKIP.test(relative(ROOT, source).split('/')[0]),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  proxy = spawn(process.execPath, [join(ROOT, 'node_modules/decap-server/dist/index.js')], {
    env: {
      ...process.env,
      PORT: String(TEST_CMS_PROXY_PORT),
      MODE: 'fs',
      GIT_REPO_DIRECTORY: scratch,
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`http://localhost:${TEST_CMS_PROXY_PORT}/api/v1`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{"action":"info"}',
        }).then(
          (response) => response.ok,
          () => false,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
});

test.afterAll(() => {
  proxy?.kill('SIGTERM');
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('a copywriter changes a price in the editor: the file and the rebuilt page show it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/admin');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('link', { name: 'Offres et prix' }).click();
  await page
    .getByRole('link', { name: /Site vitrine/i })
    .first()
    .click();
  const price = page.getByLabel('Prix', { exact: true });
  await price.fill(NEW_PRICE);
  await page.getByRole('button', { name: 'Publier' }).click();
  await page.getByText('Publier maintenant').click();
  await expect
    .poll(() => readFileSync(join(scratch, OFFER), 'utf8'), { timeout: 15_000 })
    .toMatch(new RegExp(`^price: ['"]?${NEW_PRICE}['"]?$`, 'm'));
  expect(problems).toEqual([]);

  const build = spawnSync('node_modules/.bin/astro', ['build', '--outDir', 'dist'], {
    cwd: scratch,
    env: childEnv({ ASTRO_CACHE_DIR: join(scratch, '.astro-cache') }),
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
  const site = await startHost({
    cwd: scratch,
    dir: 'dist',
    port: TEST_SCRATCH_SITE_PORT,
    inspectorPort: TEST_SCRATCH_INSPECTOR_PORT,
  });
  try {
    await page.goto(`${site.origin}/tarifs-creation-site-automatisation`);
    await expect(page.getByText(NEW_PRICE).first()).toBeVisible();
  } finally {
    await site.close();
  }
});

test('every collection opens in the editor with its French form, without error', async ({
  page,
}) => {
  test.setTimeout(120_000);
  type Collection = {
    name: string;
    label: string;
    folder?: string;
    extension?: string;
    files?: { name: string }[];
  };
  const { collections } = parse(readFileSync(join(TEST_DIST, 'admin/config.yml'), 'utf8')) as {
    collections: (Collection & {
      fields?: { label: string }[];
      files?: { name: string; fields: { label: string }[] }[];
    })[];
  };
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/admin');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByTestId(collections[0].name)).toBeVisible();
  for (const collection of collections) {
    const entry =
      collection.files?.[0].name ??
      readdirSync(join(scratch, collection.folder!))
        .filter((file) => file.endsWith(`.${collection.extension}`))
        .sort()[0]
        .replace(/\.[^.]+$/, '');
    const firstLabel = (collection.fields ?? collection.files![0].fields)[0].label;
    await page.goto(`/admin#/collections/${collection.name}/entries/${entry}`);
    // The editor reads the entry through the local proxy first: seconds on a busy machine.
    await expect(page.getByRole('button', { name: 'Publiée' }), collection.name).toBeVisible({
      timeout: 30_000,
    });
    await expect(
      page.getByText(firstLabel, { exact: true }).first(),
      collection.name,
    ).toBeVisible();
  }
  expect(problems).toEqual([]);
});
