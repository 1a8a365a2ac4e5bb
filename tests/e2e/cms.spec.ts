/**
 * The visual editor (/admin, Sveltia CMS) in Chromium, in French, editing a local copy of the project
 * as `npm run cms` does (« Travailler avec un dépôt local »; the browser's directory picker is
 * replaced by tests/e2e/support/local-folder.ts, which reads and writes a scratch copy on disk): a
 * copywriter changes an offer's price, saves, and the file and the rebuilt pricing page show it;
 * creates a page with a photo uploaded from the computer, and the rebuilt site serves that page with
 * the photo in AVIF and WebP; every collection opens with its French form and no console error (CSP
 * included). Signing in with a GitHub token, the deployed site's only sign-in, and what follows
 * (drafts, previews, publishing) are in cms-publish.spec.ts, against the GitHub stand-in.
 * Everything happens in a scratch copy of the project (node_modules linked), never in this checkout.
 */
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, relative } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startHost } from '../../scripts/lib/host.mjs';
import { childEnv } from '../../scripts/lib/env.mjs';
import { parse } from 'yaml';
import { editorProblems, fillKept, save, scrollTo } from './support/editor';
import { offerFolder, serveEditorCdn } from './support/local-folder';
import {
  TEST_DIST,
  TEST_SCRATCH_INSPECTOR_PORT,
  TEST_SCRATCH_SITE_PORT,
} from '../../scripts/lib/test-ports.mjs';

const ROOT = process.cwd();
/** Not copied into the scratch project: dependencies (linked instead), builds, caches, local data. */
const SKIP =
  /^(node_modules|\.git|dist.*|\.astro|\.local-backend|test-results|playwright-report|coverage|reports|screenshots)$/;
const OFFER = 'src/content/offers/site-vitrine.yaml';
/** The new price, with no-break spaces as the content guide asks. */
const NEW_PRICE = '1\u00a0234\u00a0€';
/** A photo as a camera gives it: a 6000×4000 JPEG, far larger than it is ever shown. */
const PHOTO = join(ROOT, 'tests/fixtures/photos/grand-port.jpg');

// Sveltia CMS speaks the browser's language: the copywriters' browsers are French.
test.use({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });
// One scratch copy for the file: its tests run one after the other.
test.describe.configure({ mode: 'serial' });

let scratch: string;

test.beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'cms-e2e-'));
  cpSync(ROOT, scratch, {
    recursive: true,
    filter: (source) => !SKIP.test(relative(ROOT, source).split('/')[0]),
  });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  // The editor accepts a folder as a repository when it has a .git entry.
  mkdirSync(join(scratch, '.git'));
});

test.afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Opens the editor on the scratch copy, as `npm run cms` offers it on localhost. */
async function openLocalEditor(page: Page) {
  await serveEditorCdn(page);
  await offerFolder(page, scratch);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Travailler avec un dépôt local' }).click();
  // The editor lists the collections once it has read every file of the folder, through the
  // stand-in picker: as long as the disk and a busy machine take.
  await expect(page.getByRole('tree', { name: 'Liste des collections' })).toBeVisible({
    timeout: 30_000,
  });
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

test('a price changed in the editor is in the file and on the rebuilt page', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = editorProblems(page);

  await openLocalEditor(page);
  await page.getByRole('treeitem', { name: 'Offres et prix' }).click();
  await page.getByRole('row', { name: 'Site vitrine' }).click();
  await fillKept(page.getByRole('textbox', { name: 'Prix', exact: true }), NEW_PRICE);
  await save(page);
  expect(readFileSync(join(scratch, OFFER), 'utf8')).toMatch(
    new RegExp(`^price: ['"]?${NEW_PRICE}['"]?$`, 'm'),
  );
  expect(problems).toEqual([]);

  await rebuiltSite(async (origin) => {
    await page.goto(`${origin}/tarifs-creation-site-automatisation`);
    await expect(page.getByText(NEW_PRICE).first()).toBeVisible();
  });
});

test('a page created with a photo in the editor is built, its photo optimised', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const problems = editorProblems(page);
  const pagesFolder = join(scratch, 'src/content/pages');
  const before = new Set(readdirSync(pagesFolder));

  await openLocalEditor(page);
  await page.getByRole('treeitem', { name: 'Pages', exact: true }).click();
  await page.getByRole('button', { name: 'Créer une entrée', exact: true }).click();
  // The page's two « Titre »: its title for search engines, then its hero's.
  const typed: [Locator, string][] = [
    [
      page.getByRole('textbox', { name: 'Titre', exact: true }).nth(0),
      'Création de site web à Aix',
    ],
    [
      page.getByRole('textbox', { name: 'Description', exact: true }),
      'Un site rapide et bien référencé pour les entreprises d’Aix-en-Provence.',
    ],
    [
      page.getByRole('textbox', { name: 'Titre', exact: true }).nth(1),
      'Votre site web à Aix-en-Provence',
    ],
  ];
  for (const [field, value] of typed) await fillKept(field, value);
  // The hero's photo: add the group, upload a file from the computer, describe it.
  const addPhoto = page.getByRole('checkbox', { name: 'Ajouter \u2068Photo\u2069' });
  await scrollTo(page, addPhoto);
  await addPhoto.check();
  const photoGroup = page.getByRole('group', { name: 'Champ « \u2068Photo\u2069 »' });
  await photoGroup.getByRole('button', { name: 'Développer' }).click();
  await photoGroup.getByRole('button', { name: 'Parcourir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sélectionner une image' });
  // Uploads go beside the entry (« Ressources de l’entrée »), where the build's image pipeline finds them.
  await expect(dialog.getByRole('option', { name: 'Ressources de l’entrée' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('option', { name: 'Unsplash' })).toHaveCount(0);
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Téléverser' }).click();
  await (await chooser).setFiles(PHOTO);
  await expect(dialog.getByRole('option', { name: 'grand-port.jpg' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The upload is read before it can be inserted: its thumbnail shows when it is. The editor
  // decodes the photo and draws the thumbnail itself, seconds of CPU on a busy machine.
  const read = { timeout: 30_000 };
  await expect(dialog.getByRole('option', { name: 'grand-port.jpg' }).locator('img')).toBeVisible(
    read,
  );
  await dialog.getByRole('button', { name: 'Insérer' }).click();
  await expect(dialog).toBeHidden();
  await expect(photoGroup.locator('img').first()).toBeVisible(read);
  await photoGroup
    .getByRole('textbox', { name: 'Description de la photo (ce qu’elle montre)' })
    .fill('Le Grand Port de Marseille au soleil du matin');
  for (const [field, value] of typed) await fillKept(field, value);
  await save(page);

  // The entry and its photo are written side by side in src/content/pages/.
  const added = readdirSync(pagesFolder).filter((file) => !before.has(file));
  expect(added.map((file) => extname(file)).sort()).toEqual(['.jpg', '.yaml']);
  const entry = added.find((file) => file.endsWith('.yaml'))!;
  const photo = added.find((file) => file !== entry)!;
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
    fields?: { label: string }[];
    files?: { name: string; fields: { label: string }[] }[];
  };
  const { collections } = parse(readFileSync(join(TEST_DIST, 'admin/config.yml'), 'utf8')) as {
    collections: Collection[];
  };
  const problems = editorProblems(page);

  await openLocalEditor(page);
  for (const collection of collections) {
    const entry =
      collection.files?.[0].name ??
      readdirSync(join(scratch, collection.folder!))
        .filter((file) => file.endsWith(`.${collection.extension}`))
        .sort()[0]
        .replace(/\.[^.]+$/, '');
    const firstLabel = (collection.fields ?? collection.files![0].fields)[0].label;
    // A change of hash, as the editor's own links do: the page (and its sign-in) stays.
    await page.evaluate(
      (hash) => (window.location.hash = hash),
      `/collections/${collection.name}/entries/${entry}`,
    );
    // The entry's form is open when the editor's title bar names its collection.
    await expect(page.getByRole('toolbar', { name: 'Principale' }), collection.name).toContainText(
      collection.label,
    );
    const form = page.getByRole('group', { name: /^Modifier le contenu/ });
    await expect(
      form.getByRole('group', { name: `Champ « \u2068${firstLabel}\u2069 »` }).first(),
      collection.name,
    ).toBeVisible();
  }
  expect(problems).toEqual([]);
});
