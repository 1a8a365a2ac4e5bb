// Newsletter confirmation by a button (POST), not by the mailed link's GET: a mail scanner that
// follows every link subscribes no one. The button posts an HTML form to `form-post` (works without
// JavaScript), which answers 303 to a French result page for each outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, caughtMail, requestFrom, supabaseClient } from './support.mjs';

/** The site the functions send visitors back to (the local backend's default SITE_URL). */
const SITE = `http://localhost:${process.env.PORT ?? 4321}`;
const FROM_SITE = { Origin: SITE, 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
});
afterAll(() => db?.end());

const confirmedAt = async (email) =>
  (
    await db.query('select confirmed_at from public.newsletter_subscriptions where email = $1', [
      email,
    ])
  ).rows[0]?.confirmed_at;

/** Signs `email` up as the blog's box does and returns the confirmation link of its e-mail. */
async function signUpAndGetLink() {
  const email = `bouton.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const client = supabaseClient();
  await client.from('newsletter_subscriptions').insert({ email, site_web: '', fill_ms: 5000 });
  await client.functions.invoke('newsletter', { body: { email } });
  let mail;
  await expect
    .poll(
      async () => (mail = (await caughtMail()).find((m) => m.to.some((t) => t.address === email))),
      {
        timeout: 5000,
      },
    )
    .toBeTruthy();
  const link = /(http:\/\/\S+\/newsletter\/confirmer\?token=[^\s"<]+)/.exec(mail.text)?.[1];
  return { email, link };
}

/** The button of the confirmation page: an HTML form posted to `form-post`. */
function pressButton(token, { referer } = {}) {
  const fields = { form: 'confirm', ...(token === undefined ? {} : { token }) };
  return requestFrom('/functions/v1/form-post', new URLSearchParams(fields).toString(), {
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...FROM_SITE,
      ...(referer ? { Referer: referer } : {}),
    },
  });
}

describe('newsletter confirmation by a button', () => {
  it('mails a link to the site’s confirmation page; its GET confirms nothing', async () => {
    const { email, link } = await signUpAndGetLink();
    expect(link).toMatch(new RegExp(`^${SITE}/newsletter/confirmer\\?token=`));
    // What a scanner does with the old-style function link too: no subscription.
    const token = new URL(link).searchParams.get('token');
    const old = await requestFrom(`/functions/v1/newsletter?action=confirm&token=${token}`, '', {
      method: 'GET',
    });
    expect(old.status).toBe(303);
    expect(old.headers.location).toBe(`${SITE}/newsletter/confirmer?token=${token}`);
    expect(await confirmedAt(email)).toBeNull();
  });

  it('confirms on the button’s POST, then says « déjà confirmée » on a replay', async () => {
    const { email, link } = await signUpAndGetLink();
    const token = new URL(link).searchParams.get('token');
    const first = await pressButton(token);
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`${SITE}/newsletter/confirmee`);
    expect(await confirmedAt(email)).toBeInstanceOf(Date);
    const again = await pressButton(token);
    expect(again.headers.location).toBe(`${SITE}/newsletter/deja-confirmee`);
  });

  it('reads the token from the form only, never from the Referer', async () => {
    const { email, link } = await signUpAndGetLink();
    const res = await pressButton('', { referer: link });
    expect(res.headers.location).toBe(`${SITE}/newsletter/lien-invalide`);
    expect(await confirmedAt(email)).toBeNull();
  });

  it('leads an expired link to « lien expiré » and confirms nothing', async () => {
    const { email, link } = await signUpAndGetLink();
    await db.query(
      `update public.newsletter_subscriptions set confirm_mailed_at = now() - interval '8 days'
        where email = $1`,
      [email],
    );
    const res = await pressButton(new URL(link).searchParams.get('token'));
    expect(res.headers.location).toBe(`${SITE}/newsletter/lien-expire`);
    expect(await confirmedAt(email)).toBeNull();
  });

  it('leads an unknown, forged or missing token to « lien invalide »', async () => {
    const { link } = await signUpAndGetLink();
    const token = new URL(link).searchParams.get('token');
    const unknown = `${crypto.randomUUID()}.${token.split('.')[1]}`;
    for (const bad of [unknown, `${token.slice(0, -3)}AAA`, '', undefined]) {
      const res = await pressButton(bad);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${SITE}/newsletter/lien-invalide`);
    }
  });
});
