// The contact form with JavaScript, against the real local backend (tests/e2e/support/global-setup.ts):
// stored once, mailed once, confirmed; refused fields, lost answers, offline, the draft, the lead's
// source. One test drops the function's answer on its way back (page.route, after the real call).
import { gzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';
import { DRAFT_STORAGE_KEY } from '../../src/stores/contact-draft';
import { backendReady, contactRows, mailMentioning } from './support/backend';
import {
  SUCCESS,
  ERROR,
  cspViolations,
  expectFields,
  expectStoredAndMailedOnce,
  expectToast,
  field,
  fill,
  form,
  notices,
  openForm,
  request,
  storedDraft,
  submit,
} from './support/contact-form';

test.beforeAll(() => backendReady(test));

test('a filled form is stored, e-mailed, confirmed, and the fields are cleared', async ({
  page,
}) => {
  const values = request();
  const violations = cspViolations(page);
  await openForm(page);
  await fill(page, values);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Envoi en cours...');
  await expect(submit(page)).toBeDisabled();
  await expectToast(page, SUCCESS);
  for (const name of Object.keys(values)) await expect(field(page, name)).toHaveValue('');
  await expect(submit(page)).toBeEnabled();

  const rows = await contactRows(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(values);

  await expect
    .poll(async () => (await mailMentioning(values.email)).length, { timeout: 15_000 })
    .toBe(1);
  const [mail] = await mailMentioning(values.email);
  for (const value of Object.values(values)) expect(mail.text).toContain(value);
  expect(mail.html).toContain('&lt;b&gt;vite&lt;/b&gt;');
  expect(await storedDraft(page)).toBeNull();
  expect(violations).toEqual([]);
});

test('a name of no-break spaces is refused on the spot, focused, every value kept', async ({
  page,
}) => {
  const values = request({ prenom: '\u00a0\u00a0' });
  await openForm(page);
  await fill(page, values);
  await submit(page).click();
  const prenom = field(page, 'prenom');
  await expect(prenom).toBeFocused();
  await expect(prenom).toHaveAttribute('aria-invalid', 'true');
  await expect(prenom).toHaveAccessibleDescription('Indiquez votre prénom.');
  await expectFields(page, values);
  await expect(submit(page)).toBeEnabled();
  expect(await contactRows(values.email)).toHaveLength(0);
});

test('a lost function response and a retry in the browser give 1 row and 1 e-mail', async ({
  page,
}) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  // The function runs for real (the e-mail is sent), but its answer never reaches the browser.
  await page.route(
    '**/functions/v1/send-contact-email',
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await submit(page).click();
  await expectToast(page, ERROR);
  await expectFields(page, values);
  await expect
    .poll(async () => (await mailMentioning(values.email)).length, { timeout: 15_000 })
    .toBe(1);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  expect(await contactRows(values.email)).toHaveLength(1);
  await page.waitForTimeout(500);
  expect(await mailMentioning(values.email)).toHaveLength(1);
});

test('offline at submit: it says it will send, and sends once when back online', async ({
  page,
  context,
}) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  await context.setOffline(true);
  try {
    await submit(page).click();
    await expectToast(page, ERROR);
    await expect(form(page).getByRole('alert')).toHaveText(
      'Vous êtes hors ligne\u00a0: votre message sera envoyé automatiquement dès le retour de la connexion.',
    );
    await expectFields(page, values);
    expect(await contactRows(values.email)).toHaveLength(0);
  } finally {
    await context.setOffline(false);
  }
  await expectToast(page, SUCCESS);
  await expectStoredAndMailedOnce(values.email);
});

test('after focus: no supabase-js auth code, React + at most 12 KB gzip; it sends', async ({
  page,
}) => {
  await openForm(page);
  await page.waitForLoadState('networkidle');
  // What the first focus loads: the form's own code, the Toaster's and its two Supabase clients.
  // The listener only collects (a body read in it could outlive the test); the bodies are read while
  // waiting for the state the warm-up ends in: both Supabase clients' code and the Toaster's arrived
  // (the clients' module is imported by the form's client module, so they come last).
  const responses: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script' && response.ok()) responses.push(response);
  };
  page.on('response', collect);
  await field(page, 'prenom').focus();
  let scripts: { url: string; body: Buffer }[] = [];
  await expect
    .poll(async () => {
      scripts = await Promise.all(
        responses.map(async (response) => ({ url: response.url(), body: await response.body() })),
      );
      const code = scripts.map((script) => script.body.toString('utf8')).join('\n');
      return {
        clients: ['PostgrestClient', 'FunctionsClient'].every((name) => code.includes(name)),
        toaster: scripts.some((script) => /\/_astro\/Toaster\./.test(script.url)),
      };
    })
    .toEqual({ clients: true, toaster: true });
  page.off('response', collect);
  const code = scripts.map((script) => script.body.toString('utf8')).join('\n');
  expect(code).not.toMatch(/GoTrueClient|supabase-js|RealtimeClient|StorageClient/);
  // React (react, react-dom, the JSX runtime and Astro's React renderer) is shared by every island,
  // told by its code rather than its chunk's name; everything else counts against 12 KB.
  const isReact = (body: string) =>
    /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE|astro-static-slot/.test(body);
  const rest = scripts.filter((script) => !isReact(script.body.toString('utf8')));
  const restGzip = rest.reduce((sum, script) => sum + gzipSync(script.body).length, 0);
  expect(restGzip, rest.map((script) => script.url).join(', ')).toBeLessThanOrEqual(12 * 1024);

  const values = request();
  await fill(page, values);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  await expectStoredAndMailedOnce(values.email);
});

test('keyboard: the result keeps focus; the notice stays while held, Escape closes it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const values = request();
  await openForm(page);
  await fill(page, values);
  await submit(page).focus();
  await page.keyboard.press('Enter');
  const result = form(page).getByRole('status');
  await expect(result).toContainText(SUCCESS.title, { timeout: 20_000 });
  await expect(result).toContainText(SUCCESS.text);
  await expect(result).toBeFocused();

  // Past the notice's 6 s while the pointer rests on it, then while the focus is on it: it stays.
  const notice = notices(page).getByRole('status').filter({ hasText: SUCCESS.title });
  await notice.hover();
  await page.waitForTimeout(6_500);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Fermer la notification' }).focus();
  await page.mouse.move(5, 5);
  await page.waitForTimeout(6_500);
  await expect(notice).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notice).toHaveCount(0);
  // The focus goes back where it was, the result is still on the page.
  await expect(result).toBeFocused();
  await expect(result).toContainText(SUCCESS.title);
  expect(await contactRows(values.email)).toHaveLength(1);
});

test('a double click sends once', async ({ page }) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  await submit(page).dblclick();
  await expectToast(page, SUCCESS);
  await expect(notices(page).getByRole('status').filter({ hasText: SUCCESS.title })).toHaveCount(1);
  await expectStoredAndMailedOnce(values.email);
});

test('the draft (fields and row id) survives a reload until it is sent', async ({ page }) => {
  const values = request({ telephone: '' });
  await openForm(page);
  await fill(page, values);
  const before = await storedDraft(page);
  expect(before.fields).toMatchObject(values);
  await page.reload();
  await form(page).scrollIntoViewIfNeeded();
  await expectFields(page, values);
  const after = await storedDraft(page);
  expect(after.id).toBe(before.id);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  const rows = await contactRows(values.email);
  expect(rows.map((row) => row.id)).toEqual([before.id]);
  expect(rows[0].telephone).toBeNull();
});

test('the quote page preselects the service from the address', async ({ page }) => {
  await page.goto('/devis-personnalise?service=automatisation-ia');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await form(page).scrollIntoViewIfNeeded();
  await expect(field(page, 'service_souhaite')).toHaveValue('Automatisation IA');
});

// Where a lead came from: the visitor lands on one page with campaign fields, browses on, and sends
// the form from /contact; the row and the e-mail carry the page and the campaign. No cookie is set.
test('the campaign of the landing page reaches the row and e-mail sent from /contact', async ({
  page,
}) => {
  await page.goto('/blog?utm_source=newsletter&utm_medium=email&utm_campaign=automne-2026');
  await page.goto('/faq');
  await openForm(page); // clears the draft (localStorage), not the visit's campaign (sessionStorage)
  const values = request({ service_souhaite: 'Création de Site Web' });
  await fill(page, values);
  await submit(page).click();
  await expectToast(page, SUCCESS);

  const [row] = await contactRows(values.email);
  expect(row).toMatchObject({
    page: '/contact',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'automne-2026',
    spam_reason: null,
  });
  await expectStoredAndMailedOnce(values.email);
  const [mail] = await mailMentioning(values.email);
  expect(mail.text).toContain('Page\u00a0: /contact');
  expect(mail.text).toContain('Campagne (utm_campaign)\u00a0: automne-2026');
  expect(await page.context().cookies()).toEqual([]);
});
