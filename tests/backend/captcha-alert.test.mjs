// A misconfigured Turnstile check is seen: a wrong secret (every verdict 'unavailable') or the
// secret without the site key (every verdict 'missing') makes the sweep send the agency one alert
// through the alert route once a threshold is passed, at most once per 24 hours. Real database,
// Deno function, sweep, SMTP catcher; siteverify played by a stand-in with Cloudflare's rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  backend,
  caughtMail,
  control,
  supabaseClient,
  validContact,
} from './support.mjs';
import { startTurnstileStandIn } from './turnstile-stand-in.mjs';
import { TEST_BACKEND_PORTS } from '../../scripts/lib/test-ports.mjs';

/** A local test secret, not a Cloudflare key. */
const SECRET = 'local-test-turnstile-secret';
/** @type {Awaited<ReturnType<typeof startTurnstileStandIn>>} */
let turnstile;
/** @type {import('pg').Client} */
let db;

/** A day passes for the verdicts and alerts so far (their times moved back; nothing waited). */
const dayElapsed = async () => {
  await db.query(`update public.contacts set captcha_checked_at = captcha_checked_at - interval '25 hours'
                   where captcha_checked_at is not null`);
  await db.query(`update private.captcha_alerts set created_at = created_at - interval '25 hours',
                   mailed_at = mailed_at - interval '25 hours'`);
};

const useSecret = (secret) =>
  control('functions/env', {
    TURNSTILE_SECRET_KEY: secret,
    TURNSTILE_VERIFY_URL: turnstile.url,
    ALERT_SMTP_URL: `smtp://127.0.0.1:${TEST_BACKEND_PORTS.smtp}`,
  });

beforeAll(async () => {
  db = await adminClient();
  turnstile = await startTurnstileStandIn(SECRET);
  await db.query(
    `update private.rate_limits set max_count = 100000 where name = 'contacts_unverified_ceiling'`,
  );
  // Rows other files left for the sweep would be verified here with the wrong secret: handled.
  await db.query(`update public.contacts set mailed_at = now() where mailed_at is null`);
  await dayElapsed();
});
afterAll(async () => {
  await control('functions/env', {});
  await turnstile?.stop();
  await db.query(
    `update private.rate_limits set max_count = 5 where name = 'contacts_unverified_ceiling'`,
  );
  await dayElapsed();
  await db?.end();
});

/** Inserts a lead as the form does and calls the function for it. */
async function sendLead(row) {
  expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
  const { id, fill_ms: _fill, captcha_token: _token, ...six } = row;
  const res = await fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
    method: 'POST',
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id, ...six }),
  });
  expect(res.status).toBe(200);
}

const checkAlerts = async () =>
  (await caughtMail()).filter((mail) => mail.subject.includes('anti-robot (Turnstile) semble mal'));

describe('a misconfigured Turnstile check alerts the agency', () => {
  it('a wrong secret: one alert once 5 verdicts are « unavailable », not before', async () => {
    await useSecret('a-wrong-secret');
    const before = (await checkAlerts()).length;
    for (let i = 0; i < 4; i++) await sendLead(validContact({ captcha_token: turnstile.issue() }));
    await control('sweep');
    await new Promise((r) => setTimeout(r, 400));
    expect(await checkAlerts()).toHaveLength(before);
    await sendLead(validContact({ captcha_token: turnstile.issue() }));
    await control('sweep');
    await expect.poll(async () => (await checkAlerts()).length, { timeout: 5000 }).toBe(before + 1);
    expect((await checkAlerts()).at(-1).text).toContain('refusant la clé secrète\u00a0: 5');
    await sendLead(validContact({ captcha_token: turnstile.issue() }));
    await control('sweep');
    await new Promise((r) => setTimeout(r, 400));
    expect(await checkAlerts()).toHaveLength(before + 1);
  });

  it('the secret without the site key: one alert at 10 « missing », none passed', async () => {
    await dayElapsed();
    await useSecret(SECRET);
    const before = (await checkAlerts()).length;
    for (let i = 0; i < 10; i++) await sendLead(validContact());
    await control('sweep');
    await expect.poll(async () => (await checkAlerts()).length, { timeout: 5000 }).toBe(before + 1);
    expect((await checkAlerts()).at(-1).text).toContain('pas encore résolu)\u00a0: 10');
  });
});
