// Newsletter double opt-in on the real backend: sign-up insert, confirmation e-mail with signed
// links, confirm and unsubscribe through the real function, the same answers for every address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewsletterHandler } from '../../supabase/functions/newsletter/handler.ts';
import { signLink } from '../../supabase/functions/newsletter/signed-link.ts';
import { adminClient, backend, caughtMail, postFrom, supabaseClient } from './support.mjs';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
});
afterAll(() => db?.end());

const subscription = async (email) =>
  (
    await db.query('select * from public.newsletter_subscriptions where lower(email) = lower($1)', [
      email,
    ])
  ).rows;

/** The sign-up as the blog's box does it: insert, then ask for the confirmation e-mail. */
async function signUp(email, extras = { fill_ms: 5000 }) {
  const client = supabaseClient();
  const insert = await client
    .from('newsletter_subscriptions')
    .insert({ email, site_web: '', ...extras });
  const invoke = await client.functions.invoke('newsletter', { body: { email } });
  return { insert: [insert.status, insert.error], invoke: [invoke.data, invoke.error] };
}

async function mailsTo(email, count = 1) {
  const deadline = Date.now() + 5000;
  let found = [];
  while (Date.now() < deadline) {
    found = (await caughtMail()).filter((mail) => mail.to.some((to) => to.address === email));
    if (found.length >= count) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return found;
}

const linkIn = (mail, action) =>
  new RegExp(`(http://\\S+/functions/v1/newsletter\\?action=${action}&token=[^\\s"<]+)`).exec(
    mail.text,
  )[1];

/** The token of the e-mail's confirmation link (to the site's page with the button). */
const confirmTokenIn = (mail) =>
  /http:\/\/\S+\/newsletter\/confirmer\?token=([^\s"<]+)/.exec(mail.text)[1];

/** Presses the button of the site's confirmation page: an HTML form posted to `form-post`. */
const pressConfirm = (token) =>
  fetch(`${backend().urls.apiUrl}/functions/v1/form-post`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ form: 'confirm', token }),
  });

describe('newsletter double opt-in', () => {
  it('mails a signed link; confirm and unsubscribe work and show their pages', async () => {
    const email = `lecteur.${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(await signUp(email)).toEqual({ insert: [201, null], invoke: [{ ok: true }, null] });
    const [mail] = await mailsTo(email);
    expect(mail.subject).toBe('Confirmez votre inscription à la newsletter');
    expect(mail.headers['list-unsubscribe']).toMatch(/action=unsubscribe/);
    expect((await subscription(email))[0].confirmed_at).toBeNull();

    const confirm = await pressConfirm(confirmTokenIn(mail));
    expect(confirm.status).toBe(303);
    expect(confirm.headers.get('location')).toMatch(/\/newsletter\/confirmee$/);
    expect((await subscription(email))[0].confirmed_at).toBeInstanceOf(Date);
    const recipients = await db.query(
      'select email from private.newsletter_recipients where email = $1',
      [email],
    );
    expect(recipients.rows).toHaveLength(1);

    const leave = await fetch(linkIn(mail, 'unsubscribe'), { redirect: 'manual' });
    expect(leave.headers.get('location')).toMatch(/\/newsletter\/desinscription$/);
    expect((await subscription(email))[0].unsubscribed_at).toBeInstanceOf(Date);
    expect(
      (await db.query('select 1 from private.newsletter_recipients where email = $1', [email]))
        .rows,
    ).toEqual([]);
  });

  it('answers a repeat sign-up like a new one; a confirmed reader gets no mail', async () => {
    const email = `repeat.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const first = await signUp(email);
    const [mail] = await mailsTo(email);
    await pressConfirm(confirmTokenIn(mail));
    const again = await signUp(email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'));
    const fresh = await signUp(`new.${crypto.randomUUID().slice(0, 8)}@example.com`);
    expect(again).toEqual(first);
    expect(fresh).toEqual(first);
    expect(await subscription(email)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 400));
    expect(await mailsTo(email, 2)).toHaveLength(1);
  });

  it('refuses a forged or wrong-purpose link', async () => {
    const email = `forge.${crypto.randomUUID().slice(0, 8)}@example.com`;
    await signUp(email);
    const [mail] = await mailsTo(email);
    const unsubscribe = linkIn(mail, 'unsubscribe');
    const asConfirm = await pressConfirm(new URL(unsubscribe).searchParams.get('token'));
    expect(asConfirm.headers.get('location')).toMatch(/\/newsletter\/lien-invalide$/);
    const forged = unsubscribe.replace(/token=.{5}/, 'token=00000');
    const res = await fetch(forged, { redirect: 'manual' });
    expect(res.headers.get('location')).toMatch(/\/newsletter\/lien-invalide$/);
    expect((await subscription(email))[0]).toMatchObject({
      confirmed_at: null,
      unsubscribed_at: null,
    });
  });

  it('keeps a bot sign-up (honeypot, too fast) flagged as spam and mails nothing', async () => {
    for (const extras of [{ site_web: 'x', fill_ms: 5000 }, { fill_ms: 300 }]) {
      const email = `bot.${crypto.randomUUID().slice(0, 8)}@example.com`;
      const answer = await signUp(email, extras);
      expect(answer).toEqual({ insert: [201, null], invoke: [{ ok: true }, null] });
      await new Promise((r) => setTimeout(r, 300));
      expect(await mailsTo(email)).toHaveLength(0);
      expect((await subscription(email))[0].spam_reason).toMatch(/honeypot|too_fast/);
    }
  });

  it('applies the same rate limits: 429 per e-mail address', async () => {
    const email = `limit.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (
          await postFrom(
            '/rest/v1/newsletter_subscriptions',
            { email, fill_ms: 5000 },
            { from: `127.0.1.${i + 1}` },
          )
        ).status,
      );
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});

describe('newsletter handler (pure)', () => {
  const env = {
    SUPABASE_URL: 'https://ref.supabase.co',
    SITE_URL: 'https://www.example.fr',
    NEWSLETTER_SECRET: 's3cret',
  };
  const store = {
    confirm: async () => 'confirmed',
    unsubscribe: async () => true,
    claimConfirmation: async () => ({ refusal: 'none' }),
    releaseConfirmation: async () => {},
  };

  it('confirms a valid token on POST only; a GET leads to the page with the button', async () => {
    const confirmed = [];
    const handler = createNewsletterHandler({
      env,
      mailer: null,
      store: { ...store, confirm: async (id) => (confirmed.push(id), 'confirmed') },
    });
    const id = crypto.randomUUID();
    const token = await signLink('s3cret', 'confirm', id);
    const get = await handler(
      new Request(`https://ref.supabase.co/newsletter?action=confirm&token=${token}`),
    );
    expect(get.headers.get('location')).toBe(
      `https://www.example.fr/newsletter/confirmer?token=${token}`,
    );
    expect(confirmed).toEqual([]);
    const post = (body) =>
      handler(
        new Request('https://ref.supabase.co/newsletter', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ).then((res) => res.json());
    expect(await post({ confirm: token })).toEqual({ outcome: 'confirmed' });
    expect(confirmed).toEqual([id]);
    const other = await signLink('other secret', 'confirm', id);
    expect(await post({ confirm: other })).toEqual({ outcome: 'invalid' });
    expect(await post({ confirm: 42 })).toEqual({ outcome: 'invalid' });
  });

  it('answers 200 { ok: true } with nothing to mail, and refuses a bad address or body', async () => {
    const handler = createNewsletterHandler({
      env: { ...env, CONTACT_FROM: 'a@b.fr' },
      mailer: { kind: 'x', send: async () => {} },
      store,
    });
    const post = (body, type = 'application/json') =>
      handler(
        new Request('https://x/newsletter', {
          method: 'POST',
          headers: { 'Content-Type': type },
          body,
        }),
      );
    expect(await (await post('{"email":"a@b.fr"}')).json()).toEqual({ ok: true });
    expect((await post('{"email":"x,y@b.co"}')).status).toBe(400);
    expect((await post('{"email":"a@b.fr"}', 'text/plain')).status).toBe(415);
  });
});
