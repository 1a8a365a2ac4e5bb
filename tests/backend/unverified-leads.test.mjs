// Turnstile on, and a lead it could not vouch for (no token without JavaScript or before the widget,
// a spent token after edit and resend, siteverify down): mailed at once, marked « non vérifié »,
// under a ceiling of its own; past it held and the visitor told so. Real database, Deno functions,
// SMTP catcher, the site's own submit code, a siteverify stand-in with Cloudflare's rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submitContact } from '../../src/lib/contact/contact.ts';
import {
  $contactDraft,
  markDraftStored,
  restoreDraft,
  updateDraftField,
} from '../../src/stores/contact-draft.ts';
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

/** A local test secret, not a Cloudflare key. */
const SECRET = 'local-test-turnstile-secret';
const SITE = `http://localhost:${process.env.PORT ?? 4321}`;

/** @type {Awaited<ReturnType<typeof startTurnstileStandIn>>} */
let turnstile;
/** @type {import('pg').Client} */
let db;

const setCeiling = (n) =>
  db.query(
    `update private.rate_limits set max_count = $1 where name = 'contacts_unverified_ceiling'`,
    [n],
  );

beforeAll(async () => {
  turnstile = await startTurnstileStandIn(SECRET);
  await control('functions/env', {
    TURNSTILE_SECRET_KEY: SECRET,
    TURNSTILE_VERIFY_URL: turnstile.url,
  });
  db = await adminClient();
  await setCeiling(100_000);
});
afterAll(async () => {
  await control('functions/env', {});
  await turnstile?.stop();
  await setCeiling(5);
  await db?.end();
});

/** The form's call to the function: the id and the six fields. */
async function invoke({ id, fill_ms: _fill, captcha_token: _token, replaces: _r, ...six }) {
  const res = await fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
    method: 'POST',
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, ...six }),
  });
  return { status: res.status, body: await res.json() };
}

async function insert(row) {
  expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
}

/** Lead e-mails about `email`, once `count` arrived (or 3 s passed). */
async function leadMails(email, count = 1) {
  const find = async () =>
    (await caughtMail()).filter(
      (mail) => mail.subject.includes('Nouvelle demande') && mail.text.includes(email),
    );
  await expect
    .poll(async () => (await find()).length, { timeout: 3000 })
    .toBeGreaterThanOrEqual(count)
    .catch(() => {});
  await new Promise((r) => setTimeout(r, 300));
  return find();
}

/** A no-JavaScript post of `fields` through form-post, as a browser navigates. */
function postWithoutJs(fields, from) {
  return requestFrom(
    '/functions/v1/form-post',
    new URLSearchParams({ form: 'contact', ...fields, site_web: '' }).toString(),
    {
      from,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: SITE,
        'Sec-Fetch-Mode': 'navigate',
      },
    },
  );
}

describe('Turnstile on: an unverified lead is mailed at once, « non vérifié »', () => {
  it('a post without JavaScript (no token): mailed at once, « non vérifié »', async () => {
    const { id: _id, fill_ms: _fill, ...fields } = validContact();
    const res = await postWithoutJs(fields, '127.0.0.51');
    expect(res.headers.location).toBe(`${SITE}/contact/message-envoye`);
    const mails = await leadMails(fields.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^\[non vérifié\] Nouvelle demande/);
  });

  it('a send before the widget was solved (no token): mailed at once', async () => {
    const row = validContact();
    await insert(row);
    expect(await invoke(row)).toEqual({ status: 200, body: { ok: true } });
    const mails = await leadMails(row.email);
    expect(mails.map((mail) => mail.subject)).toEqual([expect.stringMatching(/^\[non vérifié\] /)]);
    expect(await storedContact(row.id)).toMatchObject({
      captcha_verdict: 'missing',
      spam_reason: null,
    });
  });

  it('siteverify down: mailed at once, « non vérifié », the reason in the mail', async () => {
    const row = validContact({ captcha_token: turnstile.issue() });
    await insert(row);
    await turnstile.stop();
    try {
      expect((await invoke(row)).body).toEqual({ ok: true });
    } finally {
      await turnstile.start();
    }
    const mails = await leadMails(row.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^\[non vérifié\] /);
    expect(mails[0].text).toContain('Turnstile injoignable');
  });

  it('a token verified too late by the sweep (expired): mailed, « non vérifié »', async () => {
    const row = validContact({ captcha_token: turnstile.issue({ ageMs: 600_000 }) });
    await insert(row);
    await control('sweep');
    const mails = await leadMails(row.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^\[non vérifié\] /);
    expect((await storedContact(row.id)).captcha_verdict).toBe('expired');
  });

  it('edit and resend with the spent token: the correction inherits « passed »', async () => {
    const items = new Map();
    const storage = {
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, String(value)),
      removeItem: (key) => void items.delete(key),
    };
    const { id: _id, fill_ms: _fill, ...fields } = validContact();
    restoreDraft('', storage);
    for (const [name, value] of Object.entries(fields)) updateDraftField(name, value, storage);
    const token = turnstile.issue();
    const send = () =>
      submitContact(
        supabaseClient(),
        $contactDraft.get(),
        {
          now: $contactDraft.get().startedAt + 20_000,
          online: () => true,
          leadSource: {},
          captchaToken: token,
        },
        () => markDraftStored(storage),
      );
    const firstId = $contactDraft.get().id;
    await control('mail/stop');
    try {
      expect(await send()).toMatchObject({ ok: false, stage: 'function' });
    } finally {
      await control('mail/start');
      await db.query('update private.mail_outage set failures = 0, retry_after = null');
    }
    updateDraftField('message', `${fields.message} Et la facturation.`, storage);
    const secondId = $contactDraft.get().id;
    expect(await send()).toEqual({ ok: true });
    await control('sweep');
    const mails = await leadMails(fields.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/^Nouvelle demande/);
    expect(mails[0].text).toContain('Et la facturation.');
    expect(await storedContact(secondId)).toMatchObject({ captcha_verdict: 'passed' });
    expect(await storedContact(firstId)).toMatchObject({ mailed_at: null, replaced_by: secondId });
  });
});

describe('Turnstile on: past the unverified ceiling, held and the visitor told', () => {
  it('over the ceiling: not mailed, answered held; no JavaScript: no « envoyé »', async () => {
    const { rows } = await db.query(
      `select count(*)::int as n from public.contacts where private.is_unverified(captcha_verdict)
          and released_at is null
          and gates_passed_at >= date_bin('1 hour', now(), timestamptz '2000-01-01 00:00:00+00')`,
    );
    await setCeiling(rows[0].n + 1);
    try {
      const within = validContact();
      await insert(within);
      expect((await invoke(within)).body).toEqual({ ok: true });
      const over = validContact();
      await insert(over);
      expect((await invoke(over)).body).toEqual({ ok: true, held: true });
      expect(await storedContact(over.id)).toMatchObject({
        spam_reason: 'unverified',
        mailed_at: null,
      });

      const { id: _id, fill_ms: _fill, ...fields } = validContact();
      const res = await postWithoutJs(fields, '127.0.0.52');
      expect(res.status).toBe(200);
      expect(res.text).toContain('Message enregistré');
      expect(res.text).not.toContain('envoyé');
      expect(await leadMails(within.email)).toHaveLength(1);
      expect(await leadMails(over.email, 0)).toHaveLength(0);
    } finally {
      await setCeiling(100_000);
    }
  });

  it('no token and no visitor’s call (a bare REST insert): held, never mailed', async () => {
    const row = validContact();
    await insert(row);
    await db.query(
      `update public.contacts set created_at = now() - interval '3 minutes' where id = $1`,
      [row.id],
    );
    await control('sweep');
    expect(await storedContact(row.id)).toMatchObject({
      captcha_verdict: 'missing',
      spam_reason: 'unverified',
      mailed_at: null,
    });
    expect(await leadMails(row.email, 0)).toHaveLength(0);
  });

  it('a refused token: kept for review, and the visitor is told it is held', async () => {
    const row = validContact({ captcha_token: 'forged-token' });
    await insert(row);
    expect((await invoke(row)).body).toEqual({ ok: true, held: true });
    expect(await storedContact(row.id)).toMatchObject({
      spam_reason: 'captcha',
      captcha_verdict: 'refused',
    });
  });
});
