// The first tap: what a visitor types or sends while a form's island is still loading is kept,
// timed from the first input, and sent once (through the form endpoint if the island is not there).
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { backendReady, caughtMail, contactRows, dbQuery } from './support/backend';
import {
  SUCCESS,
  expectFields,
  expectNoValueIn,
  expectStoredAndMailedOnce,
  expectToast,
  form,
  holdIsland,
  island,
  request,
  requestUrls,
  storedDraft,
  submit,
  throttle,
  typeInto,
  waitPastFillTime,
} from './support/contact-form';

test.beforeAll(() => backendReady(test));

test('throttled: what is typed before hydration is kept, timed and sent once', async ({ page }) => {
  test.setTimeout(120_000);
  const values = request({ message: 'Bonjour, un site pour mon cabinet.' });
  await page.goto('/contact');
  await page.evaluate(() => localStorage.clear());
  await throttle(page);
  const hold = await holdIsland(page, 'ContactForm');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await form(page).scrollIntoViewIfNeeded();
  await hold.requested;
  const before = await page.evaluate(() => Date.now());
  await typeInto(page, values);
  const typed = await page.evaluate(() => Date.now());
  await expect(island(page, 'ContactForm', false)).toHaveCount(1); // still not hydrated

  hold.release();
  await expect(island(page, 'ContactForm', true)).toHaveCount(1);
  await expectFields(page, values);
  const draft = await storedDraft(page);
  expect(draft.fields).toMatchObject(values);
  expect(draft.startedAt).toBeGreaterThanOrEqual(before - 50);
  expect(draft.startedAt).toBeLessThanOrEqual(typed);

  await waitPastFillTime(page);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  const rows = await contactRows(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ ...values, spam_reason: null });
  expect(Number(rows[0].fill_ms)).toBeGreaterThanOrEqual(3_000);
  await expectStoredAndMailedOnce(values.email);
});

test('a tap on « Envoyer » while the island loads posts to the form endpoint', async ({ page }) => {
  const values = request();
  const urls = requestUrls(page);
  await page.goto('/contact');
  await page.evaluate(() => localStorage.clear());
  const hold = await holdIsland(page, 'ContactForm');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await form(page).scrollIntoViewIfNeeded();
  await hold.requested;
  await typeInto(page, values);
  await expect(island(page, 'ContactForm', false)).toHaveCount(1);
  await submit(page).click();
  await expect(page).toHaveURL(/\/contact\/message-envoye$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SUCCESS.title);
  await expect(page.getByText(SUCCESS.text)).toBeVisible();
  hold.release();
  const rows = await contactRows(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ ...values, spam_reason: null, fill_ms: null });
  await expectStoredAndMailedOnce(values.email);
  expectNoValueIn(urls, values);
});

test('throttled: an address typed in the newsletter box before hydration signs up', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `early.${randomUUID().slice(0, 8)}@example.com`;
  await throttle(page);
  const hold = await holdIsland(page, 'NewsletterForm');
  await page.goto('/blog', { waitUntil: 'domcontentloaded' });
  const box = page.locator('#newsletter-form-slot');
  await box.scrollIntoViewIfNeeded();
  await hold.requested;
  await box.getByRole('textbox').click();
  await box.getByRole('textbox').pressSequentially(email);
  await expect(island(page, 'NewsletterForm', false)).toHaveCount(1);
  hold.release();
  await expect(island(page, 'NewsletterForm', true)).toHaveCount(1);
  await expect(box.getByRole('textbox')).toHaveValue(email);
  await page.waitForTimeout(2_300); // a person's pace (the box's minimum is 2 s from the first input)
  await box.getByRole('button').click();
  await expect(box.getByRole('status')).toContainText('Vérifiez votre boîte mail', {
    timeout: 20_000,
  });
  const rows = await dbQuery<{ spam_reason: string | null }>(
    'select spam_reason from public.newsletter_subscriptions where email = $1',
    [email],
  );
  expect(rows).toEqual([{ spam_reason: null }]);
  await expect
    .poll(async () => (await caughtMail()).filter((mail) => mail.to[0]?.address === email).length, {
      timeout: 15_000,
    })
    .toBe(1);
});
