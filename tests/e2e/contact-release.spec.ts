// A held lead sent to the agency from its mail, at phone size: the « Envoyer ce message » link of
// the « Demandes retenues » list opens the site's page (its GET releases nothing), whose button posts
// to `form-post`; the lead is mailed once, and pressing again says so. With and without JavaScript.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { TEST_SUPABASE_URL } from '../../scripts/lib/test-ports.mjs';
import { animationsSettled } from './helpers';
import { backendReady, caughtMail, dbQuery } from './support/backend';
import { request } from './support/contact-form';

test.beforeAll(() => backendReady(test));
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

/**
 * A lead held for a check, listed in « Demandes retenues »: its release link. The lead is posted to
 * `form-post` as a script would (kept as spam), then marked as Turnstile's ceiling holds one (this
 * run's backend has Turnstile off: tests/backend/release-link.test.mjs holds leads for real).
 */
async function heldLeadLink(page: Page) {
  const values = request({ email: `retenu.${randomUUID().slice(0, 8)}@example.com` });
  const posted = await page.request.post(`${TEST_SUPABASE_URL}/functions/v1/form-post`, {
    form: { form: 'contact', ...values, site_web: '' },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(303);
  await dbQuery(
    `update public.contacts set spam_reason = 'unverified', captcha_verdict = 'missing'
      where email = $1`,
    [values.email],
  );
  // An hour passes since the last held list; the sweep's call for it (no sweep of the other
  // specs' rows: this run's backend mails them as they come).
  await dbQuery(`update private.mail_digests set mailed_at = mailed_at - interval '61 minutes'
                  where kind = 'held'`);
  const [{ secret }] = await dbQuery<{ secret: string }>('select secret from private.sweep_secret');
  const asked = await page.request.post(`${TEST_SUPABASE_URL}/functions/v1/send-contact-email`, {
    data: { digest: 'held' },
    headers: { 'X-Sweep-Secret': secret },
  });
  expect(asked.status()).toBe(200);
  let text = '';
  await expect
    .poll(
      async () =>
        (text =
          (await caughtMail()).find(
            (mail) =>
              mail.subject.startsWith('Demandes retenues') && mail.text.includes(values.email),
          )?.text ?? ''),
      { timeout: 15_000 },
    )
    .not.toBe('');
  const entry = text.slice(text.indexOf(values.email));
  const link = /(http:\/\/\S+\/contact\/envoyer\?jeton=[^\s"<)]+)/.exec(entry)![1];
  return { values, link, token: new URL(link).searchParams.get('jeton')! };
}

const released = (email: string) =>
  dbQuery('select 1 from public.contacts where email = $1 and released_at is not null', [email]);

/** The lead's own e-mails (not the lists that name it). */
const leadMails = async (email: string) =>
  (await caughtMail()).filter(
    (mail) =>
      mail.text.includes(email) &&
      !mail.subject.startsWith('Demandes retenues') &&
      !mail.subject.includes('À vérifier'),
  );

async function expectNoAxeViolation(page: Page, where: string) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(violations.map((v) => `${where} ${v.id}: ${v.help}`)).toEqual([]);
}

/** Opens the link, checks nothing was released, presses the button: the lead is mailed once. */
async function releaseFromMail(page: Page) {
  const { values, link, token } = await heldLeadLink(page);
  const opened = await page.goto(link);
  expect(opened?.status()).toBe(200);
  expect(opened?.headers()['cache-control']).toBe('no-store');
  expect(opened?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Envoyer ce message à l’agence');
  await expect(page.locator('input[name="token"]')).toHaveValue(token);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await released(values.email)).toHaveLength(0);

  const post = page.waitForRequest((req) => req.method() === 'POST');
  await page.getByRole('button', { name: 'Envoyer ce message' }).tap();
  expect((await post).headers().referer ?? '').not.toContain(token);
  await expect(page).toHaveURL(/\/contact\/envoyer\/envoye$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message envoyé à l’agence');
  expect(await released(values.email)).toHaveLength(1);
  await expect
    .poll(async () => (await leadMails(values.email)).length, { timeout: 15_000 })
    .toBe(1);

  // The same link pressed again: « déjà envoyé », no second e-mail.
  await page.goto(link);
  await page.getByRole('button', { name: 'Envoyer ce message' }).tap();
  await expect(page).toHaveURL(/\/contact\/envoyer\/deja-envoye$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Message déjà envoyé');
  expect(await leadMails(values.email)).toHaveLength(1);
}

test('a held lead’s link opens a page whose button mails it once, at 375 px', async ({ page }) => {
  test.setTimeout(90_000);
  await releaseFromMail(page);
});

test('the release page and its four results have no axe-core violation', async ({ page }) => {
  test.setTimeout(90_000);
  for (const path of [
    '/contact/envoyer?jeton=x',
    ...['envoye', 'deja-envoye', 'lien-expire', 'lien-invalide'].map(
      (result) => `/contact/envoyer/${result}`,
    ),
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expectNoAxeViolation(page, path);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the link’s page carries the token and its button mails the lead once', async ({ page }) => {
    test.setTimeout(90_000);
    await releaseFromMail(page);
  });
});
