// The newsletter box with JavaScript, against the real local backend: double opt-in by e-mail.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { backendReady, caughtMail, dbQuery } from './support/backend';
import { cspViolations, notices } from './support/contact-form';

test.beforeAll(() => backendReady(test));

test('newsletter: double opt-in; confirm button, unsubscribe link; repeats alike', async ({
  page,
}) => {
  const email = `news.${randomUUID().slice(0, 8)}@example.com`;
  const rows = () =>
    dbQuery<{ confirmed_at: Date | null; unsubscribed_at: Date | null }>(
      'select confirmed_at, unsubscribed_at from public.newsletter_subscriptions where email = $1',
      [email],
    );
  const mails = async () => (await caughtMail()).filter((mail) => mail.to[0]?.address === email);
  const violations = cspViolations(page);
  const signUp = async () => {
    await page.goto('/blog');
    const box = page.locator('#newsletter-form-slot');
    await box.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        document.querySelector('astro-island[component-url*="NewsletterForm"]:not([ssr])') !== null,
    );
    const input = box.getByRole('textbox');
    await input.fill(email);
    await page.waitForTimeout(2_300); // a person types; the server flags instant sign-ups
    await box.getByRole('button').click();
    const pending =
      'Si cette adresse n’est pas encore inscrite, vous allez recevoir un e-mail avec un lien pour confirmer votre inscription.';
    const notice = notices(page)
      .getByRole('status')
      .filter({ hasText: 'Vérifiez votre boîte mail' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText(pending);
    await expect(input).toHaveValue('');
    // The result stays in the box, under the button, with the focus (WCAG 2.4.3).
    const result = box.getByRole('status');
    await expect(result).toContainText(pending);
    await expect(result).toBeFocused();
  };

  await signUp();
  await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mails();
  const link = (action: string) =>
    new RegExp(`(http://\\S+/functions/v1/newsletter\\?action=${action}&token=[^\\s"<]+)`).exec(
      mail.text,
    )![1];
  expect((await rows())[0].confirmed_at).toBeNull();

  // The link opens the site's page with a button: opening it confirms nothing (mail scanners).
  const confirmLink = /(http:\/\/\S+\/newsletter\/confirmer\?token=[^\s"<]+)/.exec(mail.text)![1];
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirmez votre inscription');
  expect((await rows())[0].confirmed_at).toBeNull();
  await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
  await expect(page).toHaveURL(/\/newsletter\/confirmee$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inscription confirmée');
  expect((await rows())[0].confirmed_at).not.toBeNull();

  await signUp(); // the same notice as the first time
  expect(await rows()).toHaveLength(1);

  await page.goto(link('unsubscribe'));
  await expect(page).toHaveURL(/\/newsletter\/desinscription$/);
  expect((await rows())[0].unsubscribed_at).not.toBeNull();
  expect(violations).toEqual([]);
});
