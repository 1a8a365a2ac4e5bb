/**
 * A copywriter's live publishing, end to end in Chromium against the GitHub stand-in
 * (tests/e2e/support/github-stand-in: every GraphQL document and REST call checked against GitHub's
 * published schemas). The test build's editor talks to it (scripts/test.mjs sets
 * CMS_GITHUB_API_ROOT). The walk: sign in with « Se connecter avec GitHub » (the site's Worker,
 * src/worker/signin.ts, and the stand-in's authorize page and token exchange); « Enregistrer » on the home page's hero and
 * on a blog post each opens one pull request from a `cms/…` branch holding exactly that entry's
 * file, whose content builds; scripts/publish-status.mjs posts « Publication » on the pull
 * request's head commit as CI does; « Voir l’aperçu » opens the preview at the entry's page; the
 * statuses are labels; « Publier » merges into main and closes the pull request. A token GitHub
 * refuses, and one without « Pull requests: write », each get the editor's French message; so do a
 * denied consent and a user without access to the repository; a page of another origin that opens
 * the sign-in never receives the token.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { editorProblems, fillKept, scrollTo } from './support/editor';
import { signedIn, signIn, signInWithGitHub } from './support/editor-signin';
import { fileOn } from './support/github-stand-in/repository';
import { startGithubStandIn, type StandIn } from './support/github-stand-in/server';
import { buildBranch, postPublicationStatus, servePreview } from './support/pull-request-ci';
import { MESSAGES } from '../../src/worker/page';
import {
  TEST_BOOKING_URL,
  TEST_DIST,
  TEST_GITHUB_PORT,
  TEST_SIGNIN_APP,
  TEST_SITE_ORIGIN,
} from '../../scripts/lib/test-ports.mjs';

const CONTENT = 'src/content';
const HOME = `${CONTENT}/pages/index.yaml`;
const POST = `${CONTENT}/blog/seo-local-marseille.md`;
const HOME_TITLE = 'Des sites rapides, une IA qui travaille pour vous';
const POST_TITLE = 'SEO local à Marseille : être trouvé par les clients du quartier';
/** The preview address CI builds for a pull request (vars.PREVIEW_URL in the workflow). */
const PREVIEW_URL = 'https://{alias}.agence-site.workers.dev';
const TOKENS = {
  github_pat_redactrice: { valid: true, login: 'redactrice', pullRequests: 'write' as const },
  github_pat_revoque: { valid: false, login: 'ancienne' },
  github_pat_sans_pr: { valid: true, login: 'stagiaire', pullRequests: 'read' as const },
  // The workflow's GITHUB_TOKEN: statuses write, pull requests read (.github/workflows/ci.yml).
  github_token_ci: { valid: true, login: 'github-actions[bot]', pullRequests: 'read' as const },
};

test.use({ locale: 'fr-FR', viewport: { width: 1280, height: 800 }, actionTimeout: 30_000 });
// One stand-in on one port: the file's tests one after the other (a failure skips none). Each test
// loads the editor (a 2 MB script), signs in and reads the repository: past 30 s on a loaded machine.
test.describe.configure({ mode: 'default', timeout: 120_000 });

/** Every text file of src/content, as the repository's main branch holds it. */
function contentFiles(dir = CONTENT): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return Object.entries(contentFiles(path));
      return [[path, readFileSync(path, 'utf8')]];
    }),
  );
}

const { backend } = parse(readFileSync(join(TEST_DIST, 'admin/config.yml'), 'utf8')) as {
  backend: { repo: string };
};
const [OWNER, NAME] = backend.repo.split('/');

let standIn: StandIn;
test.beforeEach(async () => {
  standIn = await startGithubStandIn({
    port: TEST_GITHUB_PORT,
    owner: OWNER,
    name: NAME,
    files: contentFiles(),
    tokens: TOKENS,
    app: { ...TEST_SIGNIN_APP, callbackUrl: `${TEST_SITE_ORIGIN}/admin/callback` },
  });
});
test.afterEach(async () => {
  await standIn?.close();
  // A request GitHub would reject fails the test, whoever sent it.
  expect(standIn?.violations ?? []).toEqual([]);
});

/**
 * Opens the home page's entry as the editor's own links do (a change of hash: the sign-in stays)
 * and gives its hero a new title.
 */
async function editHomeHero(page: Page) {
  await page.evaluate((hash) => (window.location.hash = hash), '/collections/pages/entries/index');
  const hero = page.getByRole('group', { name: 'Champ « \u2068Bandeau d’en-tête\u2069 »' });
  const heroTitle = hero.getByRole('textbox', { name: 'Titre', exact: true });
  await scrollTo(page, heroTitle);
  await fillKept(heroTitle, HOME_TITLE);
}

/**
 * The screenshots of CONTENT.md's « Publier » section (docs/images/editor/), taken by this walk when
 * EDITOR_SCREENSHOTS is set (`npm run screenshots:editor`); every run keeps them in its results.
 */
async function shoot(page: Page, name: string) {
  // Toasts and dialogs fade in: their end state (a spinner turns for ever: not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .every((a) => a.playState !== 'running'),
  );
  await page.screenshot({ path: screenshotPath(name) });
}

/** Where a screenshot goes: docs/images/editor/ when EDITOR_SCREENSHOTS is set, else the results. */
const screenshotPath = (name: string) =>
  process.env.EDITOR_SCREENSHOTS
    ? join('docs/images/editor', `${name}.png`)
    : test.info().outputPath(`${name}.png`);

/** The editor's answer to « Enregistrer »: its notice, then « Plus tard » keeps the draft a draft. */
async function saveDraft(page: Page, screenshot?: string) {
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  const saved = page.getByText('Entrée enregistrée.');
  const refused = page.getByRole('alertdialog', { name: 'Erreur' });
  await expect(saved.or(refused).first()).toBeVisible({ timeout: 30_000 });
  // The editor's refusal, word for word (GitHub's message under its own): the test fails on it.
  if (await refused.count())
    throw new Error(`« Enregistrer » refused: ${await refused.innerText()}`);
  if (screenshot) await shoot(page, screenshot);
  await page.getByRole('button', { name: 'Plus tard', exact: true }).click();
  // The editor closes on a saved draft (its default), back to the collection's list.
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toBeHidden();
}
const scratches: string[] = [];
test.afterAll(() => {
  for (const scratch of scratches) rmSync(scratch, { recursive: true, force: true });
});

/** The pull requests the stand-in holds, as a copywriter's work shows in them. */
const pulls = () =>
  standIn.repository.pullRequests.map((pull) => ({
    number: pull.number,
    head: pull.head,
    base: pull.base,
    state: pull.state,
    merged: pull.merged,
    draft: pull.draft,
    labels: pull.labels,
    files: standIn.repository.changes(
      pull.baseSha,
      standIn.repository.branches.get(pull.head) ?? pull.mergeSha ?? pull.baseSha,
    ),
  }));

test('a copywriter saves, previews and publishes through GitHub', async ({ page }) => {
  test.setTimeout(300_000);
  const problems = editorProblems(page);
  const repository = standIn.repository;
  await signedIn(page, standIn, TOKENS.github_pat_redactrice);
  // The Worker asked GitHub as GitHub documents it: the authorize page, then the token exchange.
  expect(
    standIn.oauth!.requests.map(({ path, params }) => [path, Object.keys(params).sort()]),
  ).toEqual([
    [
      '/login/oauth/authorize',
      ['client_id', 'code_challenge', 'code_challenge_method', 'redirect_uri', 'state'],
    ],
    ['/login/oauth/access_token', ['client_id', 'code', 'code_verifier', 'redirect_uri']],
  ]);

  // « Enregistrer » on the home page's hero: one draft pull request, from cms/pages/index.
  await editHomeHero(page);
  await saveDraft(page, 'enregistrer');
  expect(pulls()).toEqual([
    {
      number: 1,
      head: 'cms/pages/index',
      base: 'main',
      state: 'open',
      merged: false,
      draft: true,
      labels: ['sveltia-cms/draft'],
      files: [{ path: HOME, change: 'MODIFIED' }],
    },
  ]);

  // And on a blog post: a second pull request, its own branch, its own file.
  await page.getByRole('treeitem', { name: 'Articles du blog' }).click();
  await page.getByRole('row', { name: /^SEO local à Marseille/ }).click();
  const postTitle = page.getByRole('textbox', { name: 'Titre', exact: true }).first();
  await expect(postTitle).toBeVisible({ timeout: 30_000 });
  await fillKept(postTitle, POST_TITLE);
  await saveDraft(page);
  expect(pulls().map(({ head, files }) => ({ head, files }))).toEqual([
    { head: 'cms/pages/index', files: [{ path: HOME, change: 'MODIFIED' }] },
    { head: 'cms/blog/seo-local-marseille', files: [{ path: POST, change: 'MODIFIED' }] },
  ]);
  expect(fileOn(repository, 'cms/pages/index', HOME)).toContain(`title: ${HOME_TITLE}`);
  expect(fileOn(repository, 'cms/blog/seo-local-marseille', POST)).toContain(POST_TITLE);
  expect(fileOn(repository, 'main', POST)).not.toContain(POST_TITLE);

  // CI: each branch builds (every content check) and its preview gets « Publication ».
  const previews: Record<string, string> = {};
  for (const pull of repository.pullRequests) {
    const dist = await buildBranch(repository, pull.head, scratches);
    expect(await postPublicationStatus(standIn, pull, PREVIEW_URL)).toMatch(/^success: /);
    previews[pull.head] = PREVIEW_URL.replace('{alias}', `pr-${pull.number}`);
    await servePreview(page, previews[pull.head], dist);
  }
  const postHead = repository.branches.get('cms/blog/seo-local-marseille')!;
  expect(repository.statuses.get(postHead)).toEqual([
    expect.objectContaining({
      context: 'Publication',
      state: 'success',
      target_url: previews['cms/blog/seo-local-marseille'],
    }),
  ]);

  // « Voir l’aperçu » opens the preview at the post's own page (preview_path blog/{{slug}}).
  await page.getByRole('row', { name: new RegExp(POST_TITLE) }).click();
  const view = page.getByRole('button', { name: 'Voir l’aperçu' });
  await expect(view).toBeEnabled({ timeout: 30_000 });
  await shoot(page, 'voir-apercu');
  const [preview] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
  await expect(preview).toHaveURL(
    `${previews['cms/blog/seo-local-marseille']}/blog/seo-local-marseille`,
  );
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(POST_TITLE);
  await preview.close();

  // The statuses are labels: « En révision », then « Prêt ».
  const status = page.getByRole('button', { name: /^Statut : / });
  for (const [name, label] of [
    ['En révision', 'sveltia-cms/pending_review'],
    ['Prêt', 'sveltia-cms/pending_publish'],
  ]) {
    // The menu can open while the editor still redraws its toolbar after the last change, and
    // a choice made in that instant is lost: choose until GitHub holds the label. The stand-in
    // checks its Issue answer against the description (the first check compiles a large schema).
    await expect(async () => {
      if (!pulls()[1].labels.includes(label)) {
        await status.click();
        await page
          .getByRole('menu', { name: 'Changer le statut de l’entrée' })
          .getByRole('menuitemradio', { name })
          .click({ timeout: 5_000 });
      }
      await expect.poll(() => pulls()[1].labels, { timeout: 10_000 }).toEqual([label]);
    }).toPass({ timeout: 60_000 });
    await expect(status).toHaveAccessibleName(`Statut : \u2068${name}\u2069`, { timeout: 30_000 });
  }
  expect(pulls()[1].draft).toBe(false);
  await status.click();
  await shoot(page, 'statut');
  await page.keyboard.press('Escape');

  // « Publier »: the pull request is merged into main and closed, its branch deleted; the home
  // page's draft stays a draft.
  await page.getByRole('button', { name: 'Publier l’entrée' }).click();
  await shoot(page, 'publier-confirmation');
  await page.getByRole('button', { name: 'Publier', exact: true }).click();
  await expect
    .poll(() => pulls()[1], { timeout: 30_000 })
    .toMatchObject({
      state: 'closed',
      merged: true,
    });
  // Back on the list, the post is published: no status badge any more.
  const postRow = page.getByRole('row', { name: /^SEO local à Marseille/ });
  await expect(postRow).toBeVisible();
  await expect(postRow).not.toContainText('Prêt');
  expect(repository.branches.has('cms/blog/seo-local-marseille')).toBe(false);
  expect(fileOn(repository, 'main', POST)).toContain(POST_TITLE);
  expect(fileOn(repository, 'main', HOME)).not.toContain(HOME_TITLE);
  expect(pulls()[0]).toMatchObject({ state: 'open', labels: ['sveltia-cms/draft'] });

  // The home page's preview: its entry is pages/index, preview_path {{slug}}: /index, which the
  // host serves as the home page (index.html).
  await page.getByRole('treeitem', { name: 'Pages', exact: true }).click();
  await page.getByRole('row', { name: /^Agence web et automatisation IA à Marseille/ }).click();
  const [home] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('button', { name: 'Voir l’aperçu' }).click(),
  ]);
  await expect(home).toHaveURL(`${previews['cms/pages/index']}/index`);
  await expect(home.getByRole('heading', { level: 1 })).toHaveText(HOME_TITLE);
  expect(problems).toEqual([]);
});

test('a token GitHub refuses gets the editor’s French message', async ({ page }) => {
  await signIn(page, 'github_pat_revoque');
  await expect(
    page.getByText('Le jeton fourni n’est pas valide. Veuillez le vérifier et réessayer.'),
  ).toBeVisible();
  await expect(page.getByRole('tree', { name: 'Liste des collections' })).toBeHidden();
});

test('a token without « Pull requests: write » cannot save a draft', async ({ page }) => {
  const problems = editorProblems(page);
  // Contents: write is enough to sign in and read: the sign-in succeeds.
  await signedIn(page, standIn, 'github_pat_sans_pr');
  await editHomeHero(page);
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  // GitHub's 403 to the pull request, in the editor's error dialog.
  const error = page.getByRole('alertdialog', { name: 'Erreur' });
  await expect(error).toContainText(
    'Une erreur s’est produite lors de l’enregistrement de l’entrée. Veuillez réessayer plus tard.',
  );
  await expect(error).toContainText('Resource not accessible by personal access token');
  await shoot(page, 'enregistrement-refuse');
  // No draft: the branch and its commit are made (Contents: write), no pull request is opened.
  expect(standIn.repository.pullRequests).toEqual([]);
  expect(fileOn(standIn.repository, 'cms/pages/index', HOME)).toContain(HOME_TITLE);
  expect(problems.filter((problem) => !problem.includes('403'))).toEqual([]);
});

test('a denied consent and a user without access get French messages', async ({ page }) => {
  test.setTimeout(300_000);
  const problems = editorProblems(page);
  // CONTENT.md's « Se connecter » screenshot: the sign-in page, the button first.
  await signInWithGitHub(
    page,
    standIn,
    TOKENS.github_pat_redactrice,
    false,
    screenshotPath('se-connecter'),
  );
  await expect(page.getByText(MESSAGES.denied)).toBeVisible();
  const stranger = { valid: true, login: 'inconnue', repository: 'none' as const };
  await signInWithGitHub(page, standIn, stranger);
  await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
  await expect(page.getByRole('tree', { name: 'Liste des collections' })).toBeHidden();
  // The editor logs each refusal (« Authentication failed », our message as its cause).
  expect(problems.filter((problem) => !problem.includes('Authentication failed'))).toEqual([]);
});

test('a page of another origin opening the sign-in never gets the token', async ({ page }) => {
  type Foreign = { seen: unknown[]; popup: Window | null };
  standIn.oauth!.signedIn = TOKENS.github_pat_redactrice;
  await page.goto(TEST_BOOKING_URL);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate((url) => {
      const foreign = window as unknown as Foreign;
      foreign.seen = [];
      window.addEventListener('message', (event) => foreign.seen.push(event.data));
      foreign.popup = window.open(url);
    }, `${TEST_SITE_ORIGIN}/admin/auth?provider=github`),
  ]);
  await popup.getByRole('button', { name: `Authorize ${TEST_SIGNIN_APP.name}` }).click();
  await expect(popup.getByRole('heading', { name: 'Connexion réussie' })).toBeVisible();
  // The foreign page plays the editor's part of the handshake, then sends « after », on which the
  // popup posts « probe »: whatever the popup posted before has arrived by then (messages keep
  // their order), so « probe » alone means nothing else was ever posted to this page.
  await popup.evaluate(() =>
    window.addEventListener('message', (event) => {
      if (event.data === 'after') window.opener.postMessage('probe', '*');
    }),
  );
  await page.evaluate(() => {
    const { popup: target } = window as unknown as Foreign;
    target!.postMessage('authorizing:github', '*');
    target!.postMessage('after', '*');
  });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Foreign).seen))
    .toEqual(['probe']);
});
