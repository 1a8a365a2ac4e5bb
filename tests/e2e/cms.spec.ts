/**
 * The visual editor (/admin, Decap CMS) in Chromium against its real local proxy (decap-server): a
 * copywriter changes an offer's price, publishes, and the file and the rebuilt pricing page show it;
 * creates a page with a photo uploaded from the computer, and the rebuilt site serves that page with
 * the photo in AVIF and WebP; every collection opens with its French form and no console error (CSP
 * included).
 * Everything happens in a scratch copy of the project (node_modules linked), never in this checkout.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
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
/** A photo as a camera gives it: a 6000×4000 JPEG, far larger than it is ever shown. */
const PHOTO = join(ROOT, 'tests/fixtures/photos/grand-port.jpg');

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
      // decap-server starts in a second on a quiet machine, in tens of seconds on a busy one.
      { timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(() => {
  proxy?.kill('SIGTERM');
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Errors the editor logs or throws, collected for the test to check there are none. */
function editorProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Builds the scratch project as a copywriter's publication would, serves it, and runs `visit`. */
async function rebuiltSite(visit: (origin: string) => Promise<void>) {
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
    await visit(site.origin);
  } finally {
    await site.close();
  }
}

test('a copywriter changes a price in the editor: the file and the rebuilt page show it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const problems = editorProblems(page);

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

  await rebuiltSite(async (origin) => {
    await page.goto(`${origin}/tarifs-creation-site-automatisation`);
    await expect(page.getByText(NEW_PRICE).first()).toBeVisible();
  });
});

test('a copywriter creates a page with a photo in the editor: the rebuilt site serves it, the photo optimised', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems = editorProblems(page);
  const pagesFolder = join(scratch, 'src/content/pages');
  const before = new Set(readdirSync(pagesFolder));

  await page.goto('/admin');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await page.getByRole('link', { name: 'Pages', exact: true }).click();
  await page.getByRole('link', { name: 'Créer une entrée de type Page' }).click();
  // The page's two « Titre »: its title for search engines, then its hero's.
  await page.getByLabel('Titre', { exact: true }).nth(0).fill('Création de site web à Aix');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Un site rapide et bien référencé pour les entreprises d’Aix-en-Provence.');
  await page.getByLabel('Titre', { exact: true }).nth(1).fill('Votre site web à Aix-en-Provence');
  // The hero's photo: open its group, upload a file from the computer, choose it, describe it.
  await page
    .locator('div', { has: page.getByTestId('expand-button'), hasText: /^Photo$/ })
    .getByTestId('expand-button')
    .click();
  await page.getByRole('button', { name: 'Choisir une image' }).click();
  await page.locator('input[type="file"]').setInputFiles(PHOTO);
  await page.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click();
  await page
    .getByLabel('Description de la photo (ce qu’elle montre)')
    .fill('Le Grand Port de Marseille au soleil du matin');
  await page.getByRole('button', { name: 'Publier' }).click();
  await page.getByText('Publier maintenant').click();

  // The entry and its photo are written side by side in src/content/pages/.
  const added = () => readdirSync(pagesFolder).filter((file) => !before.has(file));
  await expect.poll(() => added().sort(), { timeout: 30_000 }).toHaveLength(2);
  const entry = added().find((file) => file.endsWith('.yaml'))!;
  const photo = added().find((file) => file !== entry)!;
  expect(readFileSync(join(pagesFolder, entry), 'utf8')).toContain(`src: ${photo}`);
  expect(problems).toEqual([]);

  await rebuiltSite(async (origin) => {
    const response = await page.goto(`${origin}/${entry.replace(/\.yaml$/, '')}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Votre site web à Aix-en-Provence',
    );
    const picture = page.locator('picture', {
      has: page.getByAltText('Le Grand Port de Marseille au soleil du matin'),
    });
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\.avif/);
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\.webp/);
    const image = picture.locator('img');
    await expect(image).toHaveAttribute('src', /\.webp$/);
    await expect(image).toHaveAttribute('width', /^\d+$/);
    await expect(image).toHaveAttribute('height', /^\d+$/);
    // The browser loads one of the resized copies, never the original.
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
      .toBeGreaterThan(0);
    expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).not.toMatch(
      /\.jpe?g/,
    );
  });
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
