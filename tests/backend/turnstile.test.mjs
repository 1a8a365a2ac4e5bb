// Turnstile switched on (TURNSTILE_SECRET_KEY, siteverify played by a stand-in that behaves like
// Cloudflare's: one use per token, 300 s of life): the token is verified once, at the row's first
// mail attempt, and the verdict stored; retries and the sweep mail on it; a refused token is kept
// for review, listed in « À vérifier » and never dropped (the unverified ones:
// unverified-leads.test.mjs). Real database, Deno functions, SMTP catcher.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  backend,
  backoffElapsed,
  caughtMail,
  control,
  storedContact,
  supabaseClient,
  validContact,
  waitForMail,
} from './support.mjs';
import { startTurnstileStandIn } from './turnstile-stand-in.mjs';

/** A local test secret, not a Cloudflare key. */
const SECRET = 'local-test-turnstile-secret';

/** @type {Awaited<ReturnType<typeof startTurnstileStandIn>>} */
let turnstile;
/** @type {import('pg').Client} */
let db;

beforeAll(async () => {
  turnstile = await startTurnstileStandIn(SECRET);
  await control('functions/env', {
    TURNSTILE_SECRET_KEY: SECRET,
    TURNSTILE_VERIFY_URL: turnstile.url,
  });
  db = await adminClient();
});
afterAll(async () => {
  await control('functions/env', {});
  await turnstile?.stop();
  await db?.end();
});

/** Inserts `row` as the form does (the six fields, the fill time, the widget's token if any). */
async function insert(row) {
  expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
}

/** The form's call to the function: the id and the six fields. */
function invoke({ id, fill_ms: _fill, captcha_token: _token, ...six }) {
  return fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
    method: 'POST',
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, ...six }),
  });
}

/** Lead e-mails (not digests) about `row`, once SMTP has had a moment. */
async function leadMails(row) {
  await new Promise((r) => setTimeout(r, 400));
  return (await caughtMail()).filter(
    (mail) => mail.subject.includes('Nouvelle demande') && mail.text.includes(row.email),
  );
}

/** « À vérifier » digests listing `row`. */
async function reviewDigests(row) {
  return (await caughtMail()).filter(
    (mail) => mail.subject.includes('À vérifier') && mail.text.includes(row.email),
  );
}

/**
 * Moves `rows` to two days ago (before today's midnight in Paris), runs the sweep as the cron job
 * would, and returns the « À vérifier » digest that lists the first of them.
 */
async function reviewDigestListing(rows) {
  await db.query(
    `update public.contacts set created_at = now() - interval '2 days' where id = any($1)`,
    [rows.map((row) => row.id)],
  );
  await control('sweep');
  await expect.poll(async () => (await reviewDigests(rows[0])).length, { timeout: 5000 }).toBe(1);
  return (await reviewDigests(rows[0]))[0];
}

describe('Turnstile on: the token is verified once, the verdict stored', () => {
  it('a solved widget’s token: verified once, mailed once, the verdict stored', async () => {
    const row = validContact({ captcha_token: turnstile.issue() });
    await insert(row);
    expect((await invoke(row)).status).toBe(200);
    expect(await waitForMail(row.prenom)).toHaveLength(1);
    expect((await invoke(row)).status).toBe(200);
    expect(await leadMails(row)).toHaveLength(1);
    expect(turnstile.verifications(row.captcha_token)).toBe(1);
    expect(await storedContact(row.id)).toMatchObject({
      captcha_verdict: 'passed',
      captcha_token: null,
      spam_reason: null,
    });
  });

  it('a retry after a mail-provider failure mails on the stored verdict', async () => {
    const row = validContact({ captcha_token: turnstile.issue() });
    await insert(row);
    await control('mail/stop');
    try {
      expect((await invoke(row)).status).toBe(502);
    } finally {
      await control('mail/start');
    }
    expect((await invoke(row)).status).toBe(200);
    expect(await waitForMail(row.prenom)).toHaveLength(1);
    expect(turnstile.verifications(row.captcha_token)).toBe(1);
    expect((await storedContact(row.id)).mailed_at).toBeInstanceOf(Date);
  });

  it('the sweep after an outage mails on the stored verdict, the token long spent', async () => {
    const row = validContact({ captcha_token: turnstile.issue() });
    await insert(row);
    await control('mail/stop');
    try {
      expect((await invoke(row)).status).toBe(502);
      await control('sweep');
      expect((await storedContact(row.id)).mailed_at).toBeNull();
    } finally {
      await control('mail/start');
    }
    // The sweep backs off after the failures, then probes one row a run (older rows first) until
    // a send goes through, then sends the rest.
    for (let run = 0; run < 10 && !(await storedContact(row.id)).mailed_at; run++) {
      await backoffElapsed();
      await control('sweep');
    }
    expect(await waitForMail(row.prenom)).toHaveLength(1);
    expect(turnstile.verifications(row.captcha_token)).toBe(1);
    expect(await storedContact(row.id)).toMatchObject({
      spam_reason: null,
      captcha_verdict: 'passed',
    });
  });
});

describe('Turnstile on: a refused token is kept for review', () => {
  it('a token Turnstile never issued: not mailed, listed for review', async () => {
    const refused = validContact({ captcha_token: 'forged-token' });
    await insert(refused);
    expect((await invoke(refused)).status).toBe(200);
    expect(await storedContact(refused.id)).toMatchObject({
      spam_reason: 'captcha',
      captcha_verdict: 'refused',
      mailed_at: null,
    });
    expect(await leadMails(refused)).toHaveLength(0);
    const digest = await reviewDigestListing([refused]);
    expect(digest.text).toContain(`${refused.prenom} ${refused.nom} <${refused.email}>`);
    expect(digest.text).toContain(`select private.release_contact('${refused.id}');`);
    expect(digest.text).toContain('Turnstile) refusé');
  });

  it('a released row is mailed once, without a second verification', async () => {
    const row = validContact({ captcha_token: `forged-${Date.now()}` });
    await insert(row);
    expect((await invoke(row)).status).toBe(200);
    expect((await storedContact(row.id)).spam_reason).toBe('captcha');
    await db.query('select private.release_contact($1)', [row.id]);
    await control('sweep');
    expect(await waitForMail(row.prenom)).toHaveLength(1);
    await control('sweep');
    expect(await leadMails(row)).toHaveLength(1);
    expect(turnstile.verifications(row.captcha_token)).toBe(1);
    expect(await storedContact(row.id)).toMatchObject({ released_from: 'captcha' });
  });
});

describe('Turnstile on: the hourly ceiling counts only rows Turnstile passed', () => {
  afterAll(() =>
    db.query(
      `update private.rate_limits set max_count = 100000 where name = 'contacts_mail_ceiling'`,
    ),
  );

  it('scripted rows (a faked fill time, no token) do not make a real lead wait', async () => {
    // The ceiling is set two above what this hour already mailed, then two scripted rows are
    // being handled (claimed, their Turnstile answer pending) when a real lead arrives.
    const { rows } = await db.query(
      `select count(*)::int as sent from public.contacts
        where digest_id is null and mailed_at >= private.mail_ceiling_window()`,
    );
    await db.query(
      `update private.rate_limits set max_count = $1 where name = 'contacts_mail_ceiling'`,
      [rows[0].sent + 2],
    );
    for (let i = 0; i < 2; i++) {
      const scripted = validContact({ fill_ms: 5000 });
      await insert(scripted);
      await db.query('select private.claim_contact_mail($1)', [scripted.id]);
    }
    const lead = validContact({ captcha_token: turnstile.issue() });
    await insert(lead);
    expect((await invoke(lead)).status).toBe(200);
    expect(await waitForMail(lead.prenom)).toHaveLength(1);
    expect(await storedContact(lead.id)).toMatchObject({
      held_at: null,
      captcha_verdict: 'passed',
    });
  });
});
