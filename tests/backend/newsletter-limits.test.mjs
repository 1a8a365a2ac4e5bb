// The newsletter box cannot make the agency's domain mail strangers: a site-wide ceiling of
// confirmation e-mails (past it: stored, not mailed, the agency told once), a few confirmation
// e-mails per address ever, the per-address limit keyed on the /64 for IPv6. Real database, Deno
// function and SMTP catcher; the load test signs up N addresses at once on loopback.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { adminClient, caughtMail, setRateLimit, supabaseClient } from './support.mjs';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
});
afterAll(() => db?.end());

/** The sign-up as the blog's box does it: insert, then ask for the confirmation e-mail. */
async function signUp(email) {
  const client = supabaseClient();
  const insert = await client
    .from('newsletter_subscriptions')
    .insert({ email, site_web: '', fill_ms: 5000 });
  expect(insert.error).toBeNull();
  const invoke = await client.functions.invoke('newsletter', { body: { email } });
  expect(invoke.error).toBeNull();
}

/** The agency's e-mails about the newsletter's ceiling. */
const ceilingAlerts = async () =>
  (await mailsTo((to) => to.startsWith('contact@'))).filter((mail) =>
    mail.subject.includes('newsletter'),
  );

/** E-mails caught whose recipient matches `test`, once SMTP has had a moment. */
async function mailsTo(test) {
  await new Promise((r) => setTimeout(r, 600));
  return (await caughtMail()).filter((mail) => mail.to.some((to) => test(to.address)));
}

const subscriptionsOf = async (batch) =>
  (
    await db.query(
      `select * from public.newsletter_subscriptions where email like $1 order by email`,
      [`%.${batch}@example.com`],
    )
  ).rows;

describe('site-wide ceiling of confirmation e-mails', () => {
  afterEach(async () => {
    await setRateLimit('newsletter_confirm_per_hour', 100_000);
    await setRateLimit('newsletter_confirm_per_day', 100_000);
    await db.query(
      `update private.rate_limits set per = '1 hour' where name = 'newsletter_confirm_per_hour'`,
    );
  });

  it('load test: 40 sign-ups at once from 40 addresses mail at most the ceiling', async () => {
    // A window no clock boundary falls into during the test, and room for exactly 5 more e-mails.
    await db.query(
      `update private.rate_limits set per = '100000 days' where name = 'newsletter_confirm_per_hour'`,
    );
    const { rows } = await db.query(
      `select count(*)::int as n from private.newsletter_confirm_mails
        where mailed_at >= date_bin('100000 days', now(), timestamptz '2000-01-01 00:00:00+00')`,
    );
    await setRateLimit('newsletter_confirm_per_hour', rows[0].n + 5);
    const alertsBefore = (await ceilingAlerts()).length;

    const batch = randomUUID().slice(0, 8);
    const emails = Array.from({ length: 40 }, (_, i) => `lecteur${i}.${batch}@example.com`);
    await Promise.all(emails.map(signUp));

    const confirmations = await mailsTo((to) => to.endsWith(`.${batch}@example.com`));
    expect(confirmations).toHaveLength(5);
    expect(await subscriptionsOf(batch)).toHaveLength(40); // every sign-up stored
    const alerts = await ceilingAlerts();
    expect(alerts.length - alertsBefore).toBe(1);
    expect(alerts.at(-1).text).toContain('e-mails de confirmation');

    // Told once: more sign-ups over the ceiling send no second alert.
    await Promise.all([`encore1.${batch}@example.com`, `encore2.${batch}@example.com`].map(signUp));
    expect(await ceilingAlerts()).toHaveLength(alerts.length);
  });
});

describe('confirmation e-mails per address, ever', () => {
  it('one address gets at most 3 confirmation e-mails, however often it is signed up', async () => {
    const email = `victime.${randomUUID().slice(0, 8)}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      await db.query(`delete from private.newsletter_requests where lower(email) = lower($1)`, [
        email,
      ]); // past the per-hour limit of sign-ups, as hours later
      await signUp(email);
    }
    expect(await mailsTo((to) => to === email)).toHaveLength(3);
  });
});

describe('the per-address limit of sign-ups, IPv6 by /64', () => {
  /** Inserts a sign-up as the browser's role, the edge vouching for `address`. */
  async function signUpFrom(address) {
    await db.query('begin');
    try {
      await db.query(
        `select set_config('request.headers', $1, true), set_config('role', 'anon', true)`,
        [JSON.stringify({ 'cf-connecting-ip': address })],
      );
      await db.query(
        `insert into public.newsletter_subscriptions (email, site_web, fill_ms) values ($1, '', 5000)`,
        [`v6.${randomUUID().slice(0, 8)}@example.com`],
      );
      await db.query('commit');
      return 'stored';
    } catch (error) {
      await db.query('rollback');
      return error.message.includes('rate_limited') ? 'rate_limited' : error.message;
    }
  }

  afterEach(() => setRateLimit('newsletter_per_address', 100_000));

  it('addresses of one /64 share a limit; another /64 has its own', async () => {
    await setRateLimit('newsletter_per_address', 3);
    const prefix = `2001:db8:${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
    const results = [];
    for (let i = 1; i <= 4; i += 1) results.push(await signUpFrom(`${prefix}::${i.toString(16)}`));
    expect(results).toEqual(['stored', 'stored', 'stored', 'rate_limited']);
    expect(await signUpFrom(`2001:db8:ffff:${randomUUID().slice(0, 4)}::1`)).toBe('stored');
    // IPv4 stays per address.
    expect(await signUpFrom('198.51.100.7')).toBe('stored');
  });
});
