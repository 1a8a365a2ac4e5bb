import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { contactRows, mailMentioning, startTestBackend, type Backend } from './support/backend';

// Where a lead came from, end to end against the real local backend: the visitor lands on one page
// with campaign fields, browses on, and sends the contact form from another page; the row and the
// e-mail carry the page and the campaign. No cookie is set.
let backend: (Backend & { cleanup: () => Promise<void> }) | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  backend = await startTestBackend();
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await backend?.cleanup();
});

test('the campaign of the landing page reaches the row and the e-mail of a form sent from /contact', async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  await page.goto('/blog?utm_source=newsletter&utm_medium=email&utm_campaign=automne-2026');
  await page.goto('/faq');
  await page.goto('/contact');
  const form = page.locator('form[aria-label="Formulaire de contact"]');
  await form.scrollIntoViewIfNeeded();
  await expect(form.locator('button[type="submit"]')).toBeEnabled();
  await page.waitForFunction(
    () => document.querySelector('astro-island[component-url*="ContactForm"]:not([ssr])') !== null,
  );
  const email = `campagne.${tag}@example.com`;
  const startedAt = await page.evaluate(() => Date.now());
  await form.locator('[name="prenom"]').fill(`Camille ${tag}`);
  await form.locator('[name="nom"]').fill('Martin');
  await form.locator('[name="email"]').fill(email);
  await form.locator('[name="service_souhaite"]').selectOption('Création de Site Web');
  await form.locator('[name="message"]').fill('Bonjour, je voudrais un site vitrine.');
  // The server keeps forms filled in under 3 s as spam: wait until the page's clock says a person's
  // time has passed since the first keystroke.
  await page.waitForFunction((t0) => Date.now() - t0 > 3_300, startedAt);
  await form.locator('button[type="submit"]').click();
  await expect(
    page.locator('#toasts').getByRole('status').filter({ hasText: 'Message envoyé' }),
  ).toBeVisible({ timeout: 20_000 });

  const [row] = await contactRows(email);
  expect(row).toMatchObject({
    page: '/contact',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'automne-2026',
    spam_reason: null,
  });
  await expect.poll(async () => (await mailMentioning(email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailMentioning(email);
  expect(mail.text).toContain('Page\u00a0: /contact');
  expect(mail.text).toContain('Campagne (utm_campaign)\u00a0: automne-2026');
  expect(await page.context().cookies()).toEqual([]);
});
