// A lead still unmailed an hour after it arrived (a revoked key, a long outage) reaches the agency
// by another path: one alert e-mail, through the alert route (ALERT_SMTP_URL), with each such lead
// in full; the lead then counts as mailed. Real database, Deno function, sweep, SMTP catcher; the
// main route points at a closed port (the provider down), the alert route at the catcher.
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
import { TEST_BACKEND_PORTS } from '../../scripts/lib/test-ports.mjs';
import { startTurnstileStandIn } from './turnstile-stand-in.mjs';

/** A local test secret, not a Cloudflare key. */
const SECRET = 'local-test-turnstile-secret';
/** @type {Awaited<ReturnType<typeof startTurnstileStandIn>>} */
let turnstile;

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
  turnstile = await startTurnstileStandIn(SECRET);
  await control('functions/env', {
    SMTP_URL: 'smtp://127.0.0.1:9', // nothing listens: the main mail route is down
    ALERT_SMTP_URL: `smtp://127.0.0.1:${TEST_BACKEND_PORTS.smtp}`,
    TURNSTILE_SECRET_KEY: SECRET,
    TURNSTILE_VERIFY_URL: turnstile.url,
  });
});
afterAll(async () => {
  await control('functions/env', {});
  await turnstile?.stop();
  await db.query('update private.mail_outage set failures = 0, retry_after = null');
  await db?.end();
});

/** The form's call to the function: the id and the six fields. */
function invoke({ id, fill_ms: _fill, captcha_token: _token, ...six }) {
  return fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
    method: 'POST',
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, ...six }),
  });
}

const alertsAbout = async (lead) =>
  (await caughtMail()).filter(
    (mail) => mail.subject.includes('non transmise') && mail.text.includes(lead.email),
  );

/** An hour passes since the last alert (its row is moved back; nothing is waited). */
const alertHourElapsed = () =>
  db.query(
    `update private.mail_digests set created_at = created_at - interval '61 minutes',
            mailed_at = mailed_at - interval '61 minutes'
      where kind = 'unmailed'`,
  );

describe('a lead unmailed for an hour', () => {
  beforeAll(() => alertHourElapsed());

  it('is sent to the agency once by the alert route, in full, then counts as mailed', async () => {
    const old = validContact({ captcha_token: turnstile.issue() });
    const recent = validContact({ captcha_token: turnstile.issue() });
    for (const lead of [old, recent]) {
      expect((await supabaseClient().from('contacts').insert(lead)).error).toBeNull();
      expect((await invoke(lead)).status).toBe(502);
    }
    await db.query(
      `update public.contacts set created_at = now() - interval '61 minutes' where id = $1`,
      [old.id],
    );
    await control('sweep');
    await expect.poll(async () => (await alertsAbout(old)).length, { timeout: 5000 }).toBe(1);
    const [alert] = await alertsAbout(old);
    expect(alert.text).toContain(old.message);
    expect(alert.text).not.toContain(recent.email);
    expect((await storedContact(old.id)).mailed_at).toBeInstanceOf(Date);
    expect((await storedContact(recent.id)).mailed_at).toBeNull();

    await control('sweep');
    await new Promise((r) => setTimeout(r, 300));
    expect(await alertsAbout(old)).toHaveLength(1);
  });
});

/** The alerts sent so far. */
const alerts = async () =>
  (await caughtMail()).filter((mail) => mail.subject.includes('non transmises'));

describe('the unmailed alert cannot be driven or flooded by a stranger', () => {
  it('a public request for a digest is refused, and sends nothing', async () => {
    const before = (await caughtMail()).length;
    for (const digest of ['unmailed', 'ceiling', 'spam']) {
      const res = await fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
        method: 'POST',
        headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
        body: JSON.stringify({ digest }),
      });
      expect(res.status).toBe(403);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(await caughtMail()).toHaveLength(before);
  });

  it('forged rows: at most one alert an hour, listing none of them', async () => {
    await alertHourElapsed();
    const lead = validContact({ captcha_token: turnstile.issue() });
    expect((await supabaseClient().from('contacts').insert(lead)).error).toBeNull();
    expect((await invoke(lead)).status).toBe(502); // tried: it passed the gates, the send failed
    const forged = Array.from({ length: 40 }, () => validContact());
    for (const row of forged)
      expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
    await db.query(
      `update public.contacts set created_at = now() - interval '61 minutes' where id = any($1)`,
      [[lead.id, ...forged.map((row) => row.id)]],
    );
    const before = (await alerts()).length;
    await control('sweep');
    await expect.poll(async () => (await alerts()).length, { timeout: 5000 }).toBe(before + 1);
    const alert = (await alerts()).at(-1);
    expect(alert.text).toContain(lead.email);
    for (const row of forged) expect(alert.text).not.toContain(row.email);
    expect(alert.text).toMatch(/Non listées\u00a0: \d+\u00a0lignes/);

    // Another tried lead, an hour old: within the hour no second alert, after it one.
    const next = validContact({ captcha_token: turnstile.issue() });
    expect((await supabaseClient().from('contacts').insert(next)).error).toBeNull();
    expect((await invoke(next)).status).toBe(502);
    await db.query(
      `update public.contacts set created_at = now() - interval '61 minutes' where id = $1`,
      [next.id],
    );
    await control('sweep');
    await new Promise((r) => setTimeout(r, 500));
    expect(await alerts()).toHaveLength(before + 1);
    await alertHourElapsed();
    await control('sweep');
    await expect.poll(async () => (await alerts()).length, { timeout: 5000 }).toBe(before + 2);
    expect((await alerts()).at(-1).text).toContain(next.email);
  });
});
