// One bad row cannot stall the sweep: a row the provider refuses for good (4xx) is set aside,
// counts no outage and is reported by the alert route; during an outage (5xx) the sweep's probe
// rotates over the waiting rows. Real database, Deno function and sweep; Resend played by a
// stand-in answering as the real API (tests/backend/resend-stand-in.mjs); the alert route is the
// SMTP catcher.
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
} from './support.mjs';
import { startResendStandIn } from './resend-stand-in.mjs';
import { TEST_BACKEND_PORTS } from '../../scripts/lib/test-ports.mjs';

/** @type {Awaited<ReturnType<typeof startResendStandIn>>} */
let resend;
/** @type {import('pg').Client} */
let db;
const calmOutage = () =>
  db.query('update private.mail_outage set failures = 0, retry_after = null');

beforeAll(async () => {
  db = await adminClient();
  resend = await startResendStandIn();
  await control('functions/env', {
    RESEND_API_KEY: 're_local_test_key', // a labelled local demo key, not a Resend key
    RESEND_API_URL: resend.url,
    ALERT_SMTP_URL: `smtp://127.0.0.1:${TEST_BACKEND_PORTS.smtp}`,
  });
  // Rows other files left unmailed must not take the probe's turns here.
  await db.query(`update public.contacts set mailed_at = now() where mailed_at is null`);
  await calmOutage();
});
afterAll(async () => {
  await control('functions/env', {});
  await resend?.stop();
  await calmOutage();
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

async function insert(row) {
  expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
}

describe('a row the provider refuses (4xx)', () => {
  it('is set aside, counts no outage, and the alert route reports it', async () => {
    const bad = validContact({ email: `refuse.${Date.now()}@example.com` });
    const good = validContact();
    await insert(bad);
    await insert(good);
    expect((await invoke(bad)).status).toBe(502);
    expect(await storedContact(bad.id)).toMatchObject({ mailed_at: null });
    expect((await storedContact(bad.id)).mail_refused_at).toBeInstanceOf(Date);
    expect((await db.query('select failures from private.mail_outage')).rows[0].failures).toBe(0);

    await db.query(
      `update private.mail_digests set mailed_at = mailed_at - interval '61 minutes'
        where kind = 'unmailed'`,
    );
    const swept = await control('sweep');
    expect(swept.mailed).toBeGreaterThanOrEqual(1);
    expect((await storedContact(good.id)).mailed_at).toBeInstanceOf(Date);
    expect(resend.calls.filter((call) => call.idempotencyKey === bad.id)).toHaveLength(1);
    await expect
      .poll(
        async () =>
          (await caughtMail()).filter(
            (mail) => mail.subject.includes('non transmises') && mail.text.includes(bad.email),
          ).length,
        { timeout: 5000 },
      )
      .toBe(1);
  });
});

describe('during an outage (5xx)', () => {
  it('the sweep’s probe rotates over the waiting rows, not always the oldest', async () => {
    const rows = [validContact(), validContact(), validContact()];
    for (const row of rows) await insert(row);
    resend.setDown(true);
    try {
      await control('sweep'); // each row fails once: an outage
      const probed = [];
      for (let run = 0; run < 3; run++) {
        await backoffElapsed();
        const before = resend.calls.length;
        expect((await control('sweep')).due).toBe(1);
        probed.push(resend.calls.slice(before).map((call) => call.idempotencyKey)[0]);
      }
      expect(new Set(probed).size).toBe(3);
    } finally {
      resend.setDown(false);
    }
    await backoffElapsed();
    await control('sweep');
    await control('sweep');
    for (const row of rows) expect((await storedContact(row.id)).mailed_at).toBeInstanceOf(Date);
  });
});
