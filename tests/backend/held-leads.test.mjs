// Leads held past the ceiling of unverified leads reach the agency within the hour: one « Demandes
// retenues » list at most an hour, each lead in full with its release command; they are listed again
// in the daily « À vérifier » and deleted only once both listed them. Real database, Deno function,
// sweep, retention job and SMTP catcher; siteverify played by a stand-in with Cloudflare's rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  backend,
  caughtMail,
  control,
  storedContact,
  supabaseClient,
  validContact,
} from './support.mjs';
import { startTurnstileStandIn } from './turnstile-stand-in.mjs';

const SECRET = 'local-test-turnstile-secret'; // a local test secret, not a Cloudflare key
/** @type {Awaited<ReturnType<typeof startTurnstileStandIn>>} */
let turnstile;
/** @type {import('pg').Client} */
let db;

/** An hour passes since the last held list (its time moved back; nothing waited). */
const heldHourElapsed = () =>
  db.query(`update private.mail_digests set mailed_at = mailed_at - interval '61 minutes'
             where kind = 'held'`);

beforeAll(async () => {
  db = await adminClient();
  turnstile = await startTurnstileStandIn(SECRET);
  await control('functions/env', {
    TURNSTILE_SECRET_KEY: SECRET,
    TURNSTILE_VERIFY_URL: turnstile.url,
  });
  // The ceiling of unverified leads is full for this hour: every lead without a token is held.
  const { rows } = await db.query(
    `select count(*)::int as n from public.contacts
      where private.is_unverified(captcha_verdict) and released_at is null
        and gates_passed_at >= date_bin('1 hour', now(), timestamptz '2000-01-01 00:00:00+00')`,
  );
  if (rows[0].n === 0) await sendLead(validContact());
  await db.query(
    `update private.rate_limits set max_count = $1 where name = 'contacts_unverified_ceiling'`,
    [Math.max(rows[0].n, 1)],
  );
  await heldHourElapsed();
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

const heldLists = async () =>
  (await caughtMail()).filter((mail) => mail.subject.startsWith('Demandes retenues'));
/** The held lists that name `row` (by its e-mail address). */
const listsNaming = async (row) =>
  (await heldLists()).filter((mail) => mail.text.includes(row.email));

describe('held leads are listed within the hour, kept until told twice', () => {
  it('one list at once, in full with the release command; the next after the hour', async () => {
    // Lists are told apart by the leads they name: a list of an earlier file's sweep can still be
    // on its way to the catcher when this test starts.
    const held = [validContact(), validContact(), validContact()];
    for (const row of held) expect(await sendLead(row)).toEqual({ ok: true, held: true });
    await control('sweep');
    await expect.poll(async () => (await listsNaming(held[0])).length, { timeout: 5000 }).toBe(1);
    const [list] = await listsNaming(held[0]);
    for (const row of held) {
      expect(list.text).toContain(row.message);
      expect(list.text).toContain(`select private.release_contact('${row.id}');`);
    }

    const later = validContact();
    expect(await sendLead(later)).toEqual({ ok: true, held: true });
    await control('sweep');
    await new Promise((r) => setTimeout(r, 400));
    expect(await listsNaming(later), 'a second list within the hour').toEqual([]);
    await heldHourElapsed();
    await control('sweep');
    await expect.poll(async () => (await listsNaming(later)).length, { timeout: 5000 }).toBe(1);
    expect((await listsNaming(later))[0].text).not.toContain(held[0].email);
    expect(await listsNaming(held[0]), 'the first leads listed once').toHaveLength(1);
  });

  it('is deleted by the retention job only once both lists named it', async () => {
    const row = validContact();
    expect(await sendLead(row)).toEqual({ ok: true, held: true });
    await heldHourElapsed();
    await control('sweep'); // the held list: told once
    await expect
      .poll(async () => (await storedContact(row.id))?.held_digest_id ?? null)
      .not.toBeNull();
    await db.query(
      `update public.contacts set created_at = now() - interval '400 days',
              last_exchange_at = now() - interval '400 days' where id = $1`,
      [row.id],
    );
    await control('retention');
    expect(await storedContact(row.id)).toBeDefined();
    await control('sweep'); // the daily « À vérifier »: told twice
    await expect
      .poll(async () => (await storedContact(row.id))?.spam_digest_id ?? null)
      .not.toBeNull();
    await control('retention');
    expect(await storedContact(row.id)).toBeUndefined();
  });
});
