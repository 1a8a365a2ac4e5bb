// The contact form and the newsletter box without JavaScript: they post (never GET) to the Edge
// Function form-post, which answers with French pages; no field value travels in a URL.
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { TEST_SUPABASE_URL } from '../../scripts/lib/test-ports.mjs';
import { animationsSettled } from './helpers';
import { backendReady, caughtMail, contactRows, dbQuery, mailMentioning } from './support/backend';
import {
  SUCCESS,
  expectFields,
  expectNoValueIn,
  expectStoredAndMailedOnce,
  form,
  request,
  requestUrls,
  submit,
  typeInto,
} from './support/contact-form';

test.beforeAll(() => backendReady(test));

test('the refusal and confirmation pages have no axe-core violation (WCAG 2.2 AA)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const axe = async (where: string) => {
    // The hero's entrance (a fade) must be over: mid-way, axe reads blended colours.
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => `${where} ${v.id}: ${v.help}`)).toEqual([]);
  };
  for (const route of [
    '/contact/message-envoye',
    '/newsletter/inscription',
    '/newsletter/confirmer?token=x',
    '/newsletter/lien-expire',
  ]) {
    await page.goto(route);
    await axe(route);
  }
  // The refusal page is the function's answer to a POST: fetched as the browser would post it.
  const refused = await page.request.post(`${TEST_SUPABASE_URL}/functions/v1/form-post`, {
    form: { form: 'contact', ...request({ email: 'ada@exemple' }), site_web: '' },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(422);
  await page.setContent(await refused.text());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Votre message n’est pas encore envoyé',
  );
  await axe('refusal page');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form posts: one row, one e-mail, no field in a URL; resent, one mail', async ({
    page,
  }) => {
    const values = request();
    const urls = requestUrls(page);
    const posts: string[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/functions/v1/form-post') && posts.push(r.method()),
    );
    await page.goto('/contact');
    await expect(form(page)).toHaveAttribute('method', 'post');
    await typeInto(page, values);
    await submit(page).click();
    await expect(page).toHaveURL(/\/contact\/message-envoye$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SUCCESS.title);
    await expect(page.getByText(SUCCESS.text)).toBeVisible();
    await expectStoredAndMailedOnce(values.email);

    // The same page sent again (back, then « Envoyer » once more): still one row, one e-mail.
    await page.goBack();
    await expectFields(page, values);
    await submit(page).click();
    await expect(page).toHaveURL(/\/contact\/message-envoye$/);
    expect(posts).toEqual(['POST', 'POST']);
    expect(await contactRows(values.email)).toHaveLength(1);
    await expect
      .poll(async () => (await mailMentioning(values.email)).length, { timeout: 5_000 })
      .toBe(1);
    expectNoValueIn(urls, values);
  });
  test('a refused request gets a French page keeping every value; corrected, it is sent', async ({
    page,
  }) => {
    // Valid for the browser (no dot needed), refused by the site's rule (a dotted domain).
    const values = request({ email: `ada.${randomUUID().slice(0, 8)}@exemple` });
    await page.goto('/contact');
    await typeInto(page, values);
    await submit(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Votre message n’est pas encore envoyé',
    );
    await expect(page.getByRole('alert')).toContainText('Corrigez le champ signalé');
    const email = page.locator('[name="email"]');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/une seule adresse e-mail/);
    await expect(email).toBeFocused();
    for (const [name, value] of Object.entries(values))
      await expect(page.locator(`[name="${name}"]`)).toHaveValue(value);
    await expect(page.getByLabel('Téléphone (facultatif)')).toHaveValue(values.telephone);
    expect(await contactRows(values.email)).toHaveLength(0);

    const fixed = `${values.email}.fr`;
    await email.fill(fixed);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page).toHaveURL(/\/contact\/message-envoye$/);
    await expectStoredAndMailedOnce(fixed);
  });
  test('the newsletter box posts: one opt-in mail even sent twice; a bad address is kept', async ({
    page,
  }) => {
    const email = `nojs.${randomUUID().slice(0, 8)}@example.com`;
    const urls = requestUrls(page);
    const mails = async () => (await caughtMail()).filter((mail) => mail.to[0]?.address === email);
    await page.goto('/blog');
    const box = page.locator('#newsletter-form-slot');
    await box.getByRole('textbox').fill(email);
    await box.getByRole('button').click();
    await expect(page).toHaveURL(/\/newsletter\/inscription$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vérifiez votre boîte mail');
    await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);

    // The same page sent again: still one subscription, one confirmation e-mail.
    await page.goBack();
    await expect(box.getByRole('textbox')).toHaveValue(email);
    await box.getByRole('button').click();
    await expect(page).toHaveURL(/\/newsletter\/inscription$/);
    expect(
      await dbQuery('select 1 from public.newsletter_subscriptions where email = $1', [email]),
    ).toHaveLength(1);
    await expect.poll(async () => (await mails()).length, { timeout: 5_000 }).toBe(1);

    // The e-mail's link opens a page whose button carries the token in its form (written by the
    // site's Worker), without script and without Referer: no address with the token leaves the page.
    const [mail] = await mails();
    const confirmed = () =>
      dbQuery(
        'select 1 from public.newsletter_subscriptions where email = $1 and confirmed_at is not null',
        [email],
      );
    const link = /(http:\/\/\S+\/newsletter\/confirmer\?token=[^\s"<]+)/.exec(mail.text)![1];
    const token = new URL(link).searchParams.get('token')!;
    const opened = await page.goto(link);
    expect(opened?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(opened?.headers()['cache-control']).toBe('no-store');
    await expect(page.locator('meta[name="referrer"]')).toHaveCount(0);
    await expect(page.locator('input[name="token"]')).toHaveValue(token);
    expect(await confirmed()).toHaveLength(0);
    const post = page.waitForRequest((req) => req.method() === 'POST');
    await page.getByRole('button', { name: 'Confirmer mon inscription' }).click();
    expect((await post).headers().referer ?? '').not.toContain(token);
    await expect(page).toHaveURL(/\/newsletter\/confirmee$/);
    expect(await confirmed()).toHaveLength(1);

    // An address the site refuses: a French page with it, to correct.
    const wrong = `${email.split('@')[0]}@exemple`;
    await page.goto('/blog');
    await box.getByRole('textbox').fill(wrong);
    await box.getByRole('button').click();
    await expect(page.getByRole('alert')).toHaveText(/une seule adresse e-mail/);
    await expect(page.getByRole('textbox')).toHaveValue(wrong);
    await expect(page.getByRole('textbox')).toBeFocused();
    await expect(page.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expectNoValueIn(urls, { email });
  });
});
