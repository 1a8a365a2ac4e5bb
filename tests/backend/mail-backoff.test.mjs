// The sweep backs off while the mail provider is down: a run after a failure hands nothing over
// until the wait is over, then one row (a probe), and resumes in full once a send goes through.
// Real database, Deno function, sweep and SMTP catcher (stopped to play the provider's outage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  backoffElapsed,
  control,
  storedContact,
  supabaseClient,
  validContact,
} from './support.mjs';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
});
afterAll(async () => {
  await control('mail/start');
  await db.query('update private.mail_outage set failures = 0, retry_after = null');
  await db?.end();
});

const outage = async () =>
  (await db.query('select failures, retry_after from private.mail_outage')).rows[0];

describe('sweep during a mail outage', () => {
  it('waits, then probes with one row, then resumes once a mail goes through', async () => {
    const leads = [validContact(), validContact(), validContact()];
    for (const lead of leads)
      expect((await supabaseClient().from('contacts').insert(lead)).error).toBeNull();
    await control('mail/stop');
    const first = await control('sweep');
    expect(first.due).toBeGreaterThanOrEqual(3);
    expect(first.mailed).toBe(0);
    const after = await outage();
    expect(after.failures).toBeGreaterThanOrEqual(3);
    expect(after.retry_after.getTime()).toBeGreaterThan(Date.now());

    // The next minute's run calls nobody: no hammering of a provider that is down.
    expect((await control('sweep')).due).toBe(0);

    // The wait is over: one probe, which fails, and another wait, at most 4 minutes.
    await backoffElapsed();
    expect((await control('sweep')).due).toBe(1);
    const longer = await outage();
    expect(longer.failures).toBe(after.failures + 1);
    expect(longer.retry_after.getTime()).toBeGreaterThan(Date.now());
    expect(longer.retry_after.getTime() - Date.now()).toBeLessThanOrEqual(4 * 60_000);

    // The provider is back: the probe goes through, the outage ends, the next run sends the rest.
    await control('mail/start');
    await backoffElapsed();
    expect(await control('sweep')).toMatchObject({ due: 1, mailed: 1 });
    expect(await outage()).toMatchObject({ failures: 0, retry_after: null });
    await control('sweep');
    for (const lead of leads) expect((await storedContact(lead.id)).mailed_at).toBeInstanceOf(Date);
  });
});
