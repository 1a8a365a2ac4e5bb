// A held lead is released from the agency's mail in one click: each lead of the « Demandes retenues »
// and « À vérifier » lists has a signed, expiring link to the site's page /contact/envoyer, whose
// button posts the token to `form-post`; the database checks it and releases the lead, mailed once.
// Real database, Deno functions, sweep and SMTP catcher; siteverify played by a stand-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  backend,
  caughtMail,
  control,
  requestFrom,
  storedContact,
  supabaseClient,
  validContact,
} from './support.mjs';
import { startTurnstileStandIn } from './turnstile-stand-in.mjs';

/** The site the functions send visitors back to (the local backend's default SITE_URL). */
const SITE = `http://localhost:${process.env.PORT ?? 4321}`;
const FROM_SITE = { Origin: SITE, 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document' };
const SECRET = 'local-test-turnstile-secret'; // a local test secret, not a Cloudflare key
const LINK = new RegExp(`${SITE}/contact/envoyer\\?jeton=([A-Za-z0-9._%-]+)`, 'g');

/** @type {Awaited<ReturnType<typeof startTurnstileStandIn>>} */
let turnstile;
/** @type {import('pg').Client} */
let db;

beforeAll(async () => {
  db = await adminClient();
  turnstile = await startTurnstileStandIn(SECRET);
  await control('functions/env', {
    TURNSTILE_SECRET_KEY: SECRET,
    TURNSTILE_VERIFY_URL: turnstile.url,
  });
  // The ceiling of unverified leads is full for this hour: every lead without a token is held.
  const taken = `select count(*)::int as n from public.contacts
                  where private.is_unverified(captcha_verdict) and released_at is null
                    and gates_passed_at >= date_bin('1 hour', now(), timestamptz '2000-01-01')`;
  if ((await db.query(taken)).rows[0].n === 0) await sendLead(validContact());
  await db.query(
    `update private.rate_limits set max_count = $1 where name = 'contacts_unverified_ceiling'`,
    [(await db.query(taken)).rows[0].n],
  );
});
afterAll(async () => {
  await control('functions/env', {});
  await turnstile?.stop();
  await db.query(
    `update private.rate_limits set max_count = 5 where name = 'contacts_unverified_ceiling'`,
  );
  await db?.end();
});

/** Inserts a lead without a token as the form does, and calls the function: its answer. */
async function sendLead(row) {
  expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
  const { id, fill_ms: _fill, ...six } = row;
  const res = await fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
    method: 'POST',
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, ...six }),
  });
  return res.json();
}

/** A lead sent without a token: held past the ceiling of unverified leads. */
async function heldLead() {
  const row = validContact();
  expect(await sendLead(row)).toEqual({ ok: true, held: true });
  return row;
}

/** The list mailed last whose subject starts with `subject` and that names `row`. */
async function listNaming(subject, row) {
  let list;
  await expect
    .poll(
      async () =>
        (list = (await caughtMail()).find(
          (mail) => mail.subject.includes(subject) && mail.text.includes(row.email),
        )),
      { timeout: 5000 },
    )
    .toBeTruthy();
  return list;
}

/** The token of `row`'s release link in a list (its entry's link: the one after its e-mail). */
function tokenFor(list, row) {
  const entry = list.text.slice(list.text.indexOf(row.email));
  return decodeURIComponent([...entry.matchAll(LINK)][0][1]);
}

/** Sends the held list now (an hour passed since the last one). */
async function heldList(row) {
  await db.query(`update private.mail_digests set mailed_at = mailed_at - interval '61 minutes'
                   where kind = 'held'`);
  await control('sweep');
  return listNaming('Demandes retenues', row);
}

/** The button of /contact/envoyer: an HTML form posted to `form-post`. */
function pressButton(token) {
  const fields = { form: 'release', ...(token === undefined ? {} : { token }) };
  return requestFrom('/functions/v1/form-post', new URLSearchParams(fields).toString(), {
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...FROM_SITE },
  });
}

/** The lead's own e-mails (not the lists that name it). */
const leadMails = async (row) =>
  (await caughtMail()).filter(
    (mail) =>
      mail.text.includes(row.message) &&
      !mail.subject.startsWith('Demandes retenues') &&
      !mail.subject.includes('À vérifier'),
  );

describe('release of a held lead by a signed link and a button', () => {
  it('gives each held lead a link in the held list and in « À vérifier »', async () => {
    const row = await heldLead();
    const held = await heldList(row);
    expect(held.html).toMatch(
      new RegExp(`<a href="${SITE}/contact/envoyer\\?jeton=[^"]+"[^>]*>Envoyer ce message</a>`),
    );
    expect(held.text).toContain(`select private.release_contact('${row.id}');`);
    const first = tokenFor(held, row);
    expect(first.startsWith(`${row.id}.`)).toBe(true);

    await db.query(
      `update public.contacts set created_at = now() - interval '2 days' where id = $1`,
      [row.id],
    );
    await control('sweep');
    const daily = await listNaming('À vérifier', row);
    expect(daily.text).toContain(`select private.release_contact('${row.id}');`);
    expect(tokenFor(daily, row).startsWith(`${row.id}.`)).toBe(true);
    expect((await storedContact(row.id)).released_at).toBeNull();
  });

  it('releases nothing on GET; the button’s POST mails the lead once', async () => {
    const row = await heldLead();
    const token = tokenFor(await heldList(row), row);
    const get = await requestFrom(
      `/functions/v1/form-post?form=release&token=${encodeURIComponent(token)}`,
      '',
      { method: 'GET' },
    );
    expect(get.status).toBe(405);
    expect((await storedContact(row.id)).released_at).toBeNull();

    const res = await pressButton(token);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`${SITE}/contact/envoyer/envoye`);
    const stored = await storedContact(row.id);
    expect(stored.released_at).toBeInstanceOf(Date);
    expect(stored.mailed_at).toBeInstanceOf(Date);
    await expect.poll(async () => (await leadMails(row)).length, { timeout: 5000 }).toBe(1);

    const again = await pressButton(token);
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(`${SITE}/contact/envoyer/deja-envoye`);
    await control('sweep');
    expect(await leadMails(row)).toHaveLength(1);
  });

  it('expires a link after its lifetime, shorter than the retention of held leads', async () => {
    const row = await heldLead();
    const token = tokenFor(await heldList(row), row);
    const expires = Number(token.split('.')[1]) * 1000;
    expect(Math.abs(expires - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
    await control('retention'); // the settings' periods written into the database
    const { rows } = await db.query(
      `select private.release_link_lifetime() + interval '2 days'
              < private.retention_period('unmailed') as kept`,
    );
    expect(rows[0].kept).toBe(true);

    const { rows: old } = await db.query(
      `select $1::uuid::text || '.' || e || '.' || private.release_signature($1::uuid, e) as token
         from (select extract(epoch from now() - interval '1 second')::bigint as e) as t`,
      [row.id],
    );
    const res = await pressButton(old[0].token);
    expect(res.headers.location).toBe(`${SITE}/contact/envoyer/lien-expire`);
    expect((await storedContact(row.id)).released_at).toBeNull();
  });

  it('leads a tampered, foreign or missing token to « lien invalide »', async () => {
    const row = await heldLead();
    const other = await heldLead();
    const token = tokenFor(await heldList(row), row);
    const [id, expiry, signature] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `${id}.${expiry}.${flipped}`,
      `${other.id}.${expiry}.${signature}`,
      `${id}.${Number(expiry) + 86_400}.${signature}`,
      `${id}.${expiry}`,
      '',
      undefined,
    ]) {
      const res = await pressButton(bad);
      expect(res.status).toBe(303);
      expect(res.headers.location).toBe(`${SITE}/contact/envoyer/lien-invalide`);
    }
    expect((await storedContact(row.id)).released_at).toBeNull();
    expect((await storedContact(other.id)).released_at).toBeNull();
  });

  it('keeps the key and the token makers out of reach of anon and authenticated', async () => {
    for (const role of ['anon', 'authenticated']) {
      for (const sql of [
        'select key from private.release_link_key',
        `select private.release_token(gen_random_uuid())`,
        `select * from private.release_by_token('x')`,
      ]) {
        await db.query('begin');
        try {
          await db.query(`select set_config('role', $1, true)`, [role]);
          await expect(db.query(sql)).rejects.toThrow(/permission denied/);
        } finally {
          await db.query('rollback');
        }
      }
    }
    const rest = await fetch(`${backend().urls.restUrl}/release_link_key?select=key`, {
      headers: { apikey: backend().keys.publishable, 'Accept-Profile': 'private' },
    });
    expect(rest.ok).toBe(false);
  });
});
