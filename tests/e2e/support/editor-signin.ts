/**
 * Signing in to the editor (/admin) against the GitHub stand-in, as cms-publish.spec.ts does it: with
 * a token (the developers' route), or with « Se connecter avec GitHub » through the site's Worker and
 * the stand-in's authorize page.
 */
import { expect, type Page } from '@playwright/test';
import { TEST_SIGNIN_APP } from '../../../scripts/lib/test-ports.mjs';
import type { StandIn, Token } from './github-stand-in/server';
import { serveEditorCdn } from './local-folder';

/** Opens /admin, its strings and fonts served from node_modules, on its sign-in page. */
export async function openEditor(page: Page) {
  await serveEditorCdn(page);
  // The signed-in user's avatar, from GitHub's image host.
  await page.route('https://avatars.githubusercontent.com/**', (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>',
    }),
  );
  await page.goto('/admin');
}

/** The developers' route: « Se connecter avec un jeton d’accès » and a token. */
export async function signIn(page: Page, token: string) {
  await openEditor(page);
  await page.getByRole('button', { name: 'Se connecter avec un jeton d’accès' }).click();
  const field = page.getByRole('textbox', { name: 'Jeton d’accès personnel' });
  await field.fill(token);
  await field.press('Enter');
}

/**
 * « Se connecter avec GitHub » as `user`, signed in to GitHub in this browser: the popup goes
 * through the site's Worker to GitHub's authorize page, « Authorize » the first time, and back.
 * Resolves once the popup has closed (the editor closes it once it has its answer). `screenshot`:
 * where to save the sign-in page, its buttons shown.
 */
export async function signInWithGitHub(
  page: Page,
  standIn: StandIn,
  user: Token,
  consent = true,
  screenshot?: string,
) {
  standIn.oauth!.signedIn = user;
  await openEditor(page);
  const buttons = page.getByRole('button', { name: /^Se connecter avec/ });
  // The button first, the token second (the editor isolates the service's name: \u2068…\u2069).
  await expect(buttons).toHaveText([
    /^\s*Se connecter avec \u2068GitHub\u2069\s*$/,
    /^\s*Se connecter avec un jeton d’accès\s*$/,
  ]);
  // The sign-in page has no toast or dialog to wait for: the buttons are its end state.
  if (screenshot) await page.screenshot({ path: screenshot });
  const [popup] = await Promise.all([page.waitForEvent('popup'), buttons.first().click()]);
  // Listened for before the click: the popup may close (the editor closes it once it has the
  // answer) before the click returns, which waits for the popup's navigations to finish.
  // The stand-in's first answer to GET /repos/{owner}/{repo} (the Worker's access check) compiles
  // GitHub's large repository schema: slow on a loaded machine.
  const closed = popup.waitForEvent('close', { timeout: 120_000 });
  await popup
    .getByRole('button', { name: consent ? `Authorize ${TEST_SIGNIN_APP.name}` : 'Cancel' })
    .click();
  await closed;
}

/** Signs in (a token, or the button) and waits for the collections, read from the repository. */
export async function signedIn(page: Page, standIn: StandIn, token: string | Token) {
  if (typeof token === 'string') await signIn(page, token);
  else await signInWithGitHub(page, standIn, token);
  await expect(page.getByRole('tree', { name: 'Liste des collections' })).toBeVisible({
    timeout: 30_000,
  });
}
