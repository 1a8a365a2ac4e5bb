// The no-JavaScript form endpoint (`form-post`) through the real gateway, Deno function, database and
// mail catcher: what a browser's form submission does, and what a script posting directly gets.
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminClient,
  backend,
  caughtMail,
  control,
  requestFrom,
  setRateLimit,
  validContact,
} from './support.mjs';

/** The site the functions send visitors back to (the local backend's default SITE_URL). */
const SITE = `http://localhost:${process.env.PORT ?? 4321}`;
/** What a browser sends with a form submission from a page of the site. */
const FROM_SITE = { Origin: SITE, 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };

/**
 * POSTs an HTML form (urlencoded) to `form-post` from a loopback address.
 * @param {Record<string, string>} fields
 * @param {{ from?: string, headers?: Record<string, string>, method?: string }} [options]
 */
function postForm(fields, { from = '127.0.0.1', headers = {}, method = 'POST' } = {}) {
  return requestFrom('/functions/v1/form-post', new URLSearchParams(fields).toString(), {
    from,
    method,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
}

/** The six fields and the form's hidden ones, as the browser posts them. */
function contactForm(overrides = {}) {
  const { id: _id, fill_ms: _fill, telephone, ...fields } = validContact();
  return { form: 'contact', ...fields, telephone, site_web: '', ...overrides };
}

async function rowsOf(email) {
  const db = await adminClient();
  try {
    return (await db.query('select * from public.contacts where email = $1', [email])).rows;
  } finally {
    await db.end();
  }
}

async function mailsAbout(email) {
  return (await caughtMail()).filter((mail) => mail.text.includes(email));
}

/** Waits until the inbox holds `count` e-mails about `email` (SMTP is asynchronous). */
async function expectMails(email, count) {
  await expect.poll(async () => (await mailsAbout(email)).length, { timeout: 10_000 }).toBe(count);
}

describe('form-post (forms without JavaScript)', () => {
  afterEach(async () => {
    await setRateLimit('contacts_per_address', 100_000);
  });

  it('stores and mails a post from the site once, then shows the confirmation page', async () => {
    const form = contactForm();
    const first = await postForm(form, { from: '127.0.0.31', headers: FROM_SITE });
    expect(first.status).toBe(303);
    expect(first.headers.location).toBe(`${SITE}/contact/message-envoye`);
    const rows = await rowsOf(form.email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      prenom: form.prenom,
      message: form.message,
      client_address: '127.0.0.31',
      spam_reason: null,
      fill_ms: null,
    });
    await expectMails(form.email, 1);

    // The same page sent again: the same confirmation, no second row, no second e-mail.
    const again = await postForm(form, { from: '127.0.0.31', headers: FROM_SITE });
    expect(again.status).toBe(303);
    expect(await rowsOf(form.email)).toHaveLength(1);
    await control('sweep');
    expect(await mailsAbout(form.email)).toHaveLength(1);
  });

  it('keeps a post not sent by a browser from the site as spam, never mailed', async () => {
    for (const headers of [
      {},
      { Origin: 'https://elsewhere.example' },
      { ...FROM_SITE, 'Sec-Fetch-Mode': 'cors' },
    ]) {
      const form = contactForm();
      const answer = await postForm(form, { headers });
      expect(answer.status).toBe(303);
      expect((await rowsOf(form.email)).map((row) => row.spam_reason)).toEqual(['too_fast']);
      await control('sweep');
      expect(await mailsAbout(form.email)).toHaveLength(0);
    }
  });

  it('limits posts without JavaScript per address: a French page, every value kept', async () => {
    const from = '127.0.0.32';
    const first = contactForm();
    expect((await postForm(first, { from, headers: FROM_SITE })).status).toBe(303);
    await setRateLimit('contacts_per_address', 1);
    const form = contactForm({ message: 'Deux <lignes>\net « guillemets » & co' });
    const answer = await postForm(form, { from, headers: FROM_SITE });
    expect(answer.status).toBe(429);
    expect(answer.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(answer.text).toContain('<html lang="fr">');
    expect(answer.text).toContain(
      'Trop de demandes ont été envoyées depuis votre connexion. Réessayez dans',
    );
    expect(answer.text).toContain(`value="${form.prenom}"`);
    expect(answer.text).toContain('>Deux &lt;lignes&gt;\net « guillemets » &amp; co</textarea>');
    expect(await rowsOf(form.email)).toHaveLength(0);
    // Another address is not held back by this one.
    const other = contactForm();
    expect((await postForm(other, { from: '127.0.0.33', headers: FROM_SITE })).status).toBe(303);
  });

  it('refuses a field with a French page that names and marks it, keeping the values', async () => {
    const form = contactForm({ email: 'ada@exemple', telephone: '' });
    const answer = await postForm(form, { headers: FROM_SITE });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('Votre message n’est pas encore envoyé');
    expect(answer.text).toMatch(
      /<input id="email" name="email" required aria-invalid="true" aria-describedby="email-error" autofocus [^>]*value="ada@exemple">/,
    );
    expect(answer.text).toContain(
      '<p id="email-error" class="error">Saisissez une seule adresse e-mail',
    );
    expect(answer.text).toContain(`<option selected>${form.service_souhaite}</option>`);
    expect(answer.headers['content-security-policy']).toContain(
      `form-action ${backend().urls.functionsUrl}/form-post ${SITE};`,
    );
    expect(await rowsOf(form.email)).toHaveLength(0);
  });

  it('signs up once per page sent, mails the opt-in once, refuses a bad address', async () => {
    const email = `nojs.${Date.now()}@example.com`;
    for (let i = 0; i < 2; i += 1) {
      const answer = await postForm(
        { form: 'newsletter', email, site_web: '' },
        { headers: FROM_SITE },
      );
      expect(answer.status).toBe(303);
      expect(answer.headers.location).toBe(`${SITE}/newsletter/inscription`);
    }
    await expect
      .poll(async () => (await caughtMail()).filter((m) => m.to[0]?.address === email).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const refused = await postForm(
      { form: 'newsletter', email: 'x@y', site_web: '' },
      { headers: FROM_SITE },
    );
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('value="x@y" aria-invalid="true"');
  });

  it('answers anything but an HTML form post with an English error', async () => {
    expect((await postForm({}, { method: 'GET' })).status).toBe(405);
    const json = await requestFrom('/functions/v1/form-post', '{}', {
      headers: { 'Content-Type': 'application/json' },
    });
    expect(json.status).toBe(415);
    expect((await postForm({ form: 'other' })).status).toBe(400);
  });
});
