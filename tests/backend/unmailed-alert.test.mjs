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
import { TEST_BACKEND_PORTS } from '../support/ports.ts';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
  await control('functions/env', {
    SMTP_URL: 'smtp://127.0.0.1:9', // nothing listens: the main mail route is down
    ALERT_SMTP_URL: `smtp://127.0.0.1:${TEST_BACKEND_PORTS.smtp}`,
  });
});
afterAll(async () => {
  await control('functions/env', {});
  await db.query('update private.mail_outage set failures = 0, retry_after = null');
  await db?.end();
});

/** The form's call to the function: the id and the six fields. */
function invoke({ id, fill_ms: _fill, ...six }) {
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

describe('a lead unmailed for an hour', () => {
  it('is sent to the agency once by the alert route, in full, then counts as mailed', async () => {
    const old = validContact();
    const recent = validContact();
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
