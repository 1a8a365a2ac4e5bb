/**
 * The screenshots of the editor in CONTENT.md (docs/images/editor/), taken in Chromium in French at a
 * laptop's size (those of « Publier » are taken by cms-publish.spec.ts, run by the same command). Not a test: `npm run screenshots:editor` runs it on the test build (TEST_DIST);
 * `npm test` leaves it out (playwright.config.ts). The editor works on a scratch copy of the project, as in cms.spec.ts.
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { offerFolder, serveEditorCdn } from './support/local-folder';
import { TEST_GITHUB_PORT } from '../../scripts/lib/test-ports.mjs';

const OUT = 'docs/images/editor';
const ROOT = process.cwd();
const SKIP =
  /^(node_modules|\.git|dist.*|\.astro|\.local-backend|test-results|playwright-report|coverage|reports|screenshots)$/;

test.use({ locale: 'fr-FR', viewport: { width: 1280, height: 800 } });

test('screenshots of the editor for CONTENT.md', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(OUT, { recursive: true });
  await serveEditorCdn(page);

  // Sign-in page, then the token form, then GitHub's refusal of a bad token (the test build's
  // editor asks the GitHub stand-in's address, scripts/test.mjs; answered here without it).
  await page.route(`http://127.0.0.1:${TEST_GITHUB_PORT}/**`, (route) =>
    route.fulfill({ status: 401, json: { message: 'Bad credentials' } }),
  );
  await page.goto('/admin');
  const tokenButton = page.getByRole('button', { name: 'Se connecter avec un jeton d’accès' });
  await expect(tokenButton).toBeVisible();
  await page.screenshot({ path: join(OUT, 'connexion.png') });
  await tokenButton.click();
  const token = page.getByRole('textbox', { name: 'Jeton d’accès personnel' });
  await token.fill('github_pat_11ABCDEFG0123456789');
  await page.screenshot({ path: join(OUT, 'jeton.png') });
  await token.press('Enter');
  await expect(
    page.getByText('Le jeton fourni n’est pas valide. Veuillez le vérifier et réessayer.'),
  ).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  // The token dialog fades out: wait for the end of its animation.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  await page.screenshot({ path: join(OUT, 'jeton-refuse.png') });

  // The editor on a copy of the project: the collections, then an offer's form.
  const scratch = mkdtempSync(join(tmpdir(), 'cms-shots-'));
  try {
    cpSync(ROOT, scratch, {
      recursive: true,
      filter: (source) => !SKIP.test(relative(ROOT, source).split('/')[0]),
    });
    symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'), 'dir');
    mkdirSync(join(scratch, '.git'));
    const editor = await page.context().newPage();
    await serveEditorCdn(editor);
    await offerFolder(editor, scratch);
    await editor.goto('/admin');
    await editor.getByRole('button', { name: 'Travailler avec un dépôt local' }).click();
    await editor.getByRole('treeitem', { name: 'Offres et prix' }).click();
    await expect(editor.getByRole('row', { name: 'Site vitrine' })).toBeVisible();
    await editor.screenshot({ path: join(OUT, 'collections.png') });
    await editor.getByRole('row', { name: 'Site vitrine' }).click();
    await expect(editor.getByRole('textbox', { name: 'Prix', exact: true })).toBeVisible();
    await editor.screenshot({ path: join(OUT, 'formulaire.png') });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
});
