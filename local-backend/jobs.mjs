// The backend's timed jobs, as pg_cron runs them in production: the contact sweep and the retention
// job, each callable now and run on a timer.
import * as config from './config.mjs';
import { settingsRetentionPeriods, writeRetentionPeriods } from '../src/lib/privacy/retention.mjs';

/**
 * The contact sweep, as in production (supabase/migrations/…_contact_pipeline.sql, then
 * …_mail_ceiling_and_digests.sql): the rows private.contacts_due_for_mail() returns are handed to
 * send-contact-email by id, which mails each once, then each digest private.digests_due() names
 * (`{ digest: kind }`); first, private.hold_sweep_only_rows() holds the forged rows but one
 * (…_sweep_holds_forged_rows.sql). One run at a time.
 * @param {{ adminPool: import('pg').Pool, functionsUrl: string, log: (msg: string) => void }} deps
 */
export function createSweep({ adminPool, functionsUrl, log }) {
  let running = Promise.resolve({ due: 0, mailed: 0, digests: [] });
  /** The sweep's secret (…_sweep_secret_and_alert_gates.sql): only the sweep may ask for a digest. */
  let secret = null;
  const call = async (body) => {
    secret ??= (await adminPool.query('select secret from private.sweep_secret')).rows[0].secret;
    const res = await fetch(`${functionsUrl}/send-contact-email`, {
      method: 'POST',
      headers: {
        apikey: config.PUBLISHABLE_KEY,
        'Content-Type': 'application/json',
        'X-Sweep-Secret': secret,
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) {
      log(
        `sweep: send-contact-email answered ${res.status} for ${JSON.stringify(body)}: ${await res.text()}`,
      );
      return null;
    }
    return res.json();
  };
  const run = async (olderThan) => {
    await adminPool.query('select private.hold_sweep_only_rows()');
    const { rows } = await adminPool.query(
      'select due as id from private.contacts_due_for_mail($1::interval) as due',
      [olderThan],
    );
    let mailed = 0;
    for (const { id } of rows) if (await call({ id })) mailed += 1;
    const due = await adminPool.query('select kind from private.digests_due() as kind');
    /** @type {Array<{ kind: string, digest: string | null, contacts: number }>} */
    const digests = [];
    for (const { kind } of due.rows) {
      const answer = await call({ digest: kind });
      if (answer) digests.push({ kind, digest: answer.digest, contacts: answer.contacts });
    }
    return { due: rows.length, mailed, digests };
  };
  return ({ olderThan = '2 minutes' } = {}) => {
    running = running.catch(() => {}).then(() => run(olderThan));
    return running;
  };
}

/**
 * The retention job, as pg_cron runs it in production (supabase/migrations/…_privacy_retention.sql):
 * writes the settings' periods into the database (a settings file the build would refuse is logged
 * and the database keeps its periods), then runs private.apply_retention(). Logs counts, never a row.
 * @param {{ adminPool: import('pg').Pool, log: (msg: string) => void }} deps
 */
export function createRetention({ adminPool, log }) {
  return async () => {
    try {
      await writeRetentionPeriods(adminPool, settingsRetentionPeriods());
    } catch (error) {
      log(`retention: periods not taken from the settings: ${error.message}`);
    }
    const { rows } = await adminPool.query('select private.apply_retention() as counts');
    log(`retention: ${JSON.stringify(rows[0].counts)}`);
    return rows[0].counts;
  };
}

/**
 * Runs `job` every `intervalMs` (and once now when `runNow`), logging its failures; 0 = never.
 * Returns what stops the timer, or null when there is none.
 * @param {{ job: () => Promise<unknown>, intervalMs: number, runNow?: boolean, label: string, log: (msg: string) => void }} options
 * @returns {(() => Promise<void>) | null}
 */
export function every({ job, intervalMs, runNow = false, label, log }) {
  if (!(intervalMs > 0)) return null;
  const run = () => void job().catch((e) => log(`${label}: ${e.message}`));
  if (runNow) run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return async () => clearInterval(timer);
}
