// What the privacy tests share (privacy.test.mjs, privacy-script.test.mjs): the settings' retention
// periods, `npm run privacy` run as a developer runs it, contact rows inserted with chosen times, and
// which ids a table still holds.
import { execFile } from 'node:child_process';
import { settingsRetentionPeriods } from '../../src/lib/privacy/retention.mjs';
import { backend, validContact } from './support.mjs';

export const PERIODS = settingsRetentionPeriods();

/**
 * Runs `npm run privacy -- <args>` (the script itself) against the test database, or `dbUrl`.
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
export function privacy(args, dbUrl = backend().urls.dbUrl) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/privacy.mjs', ...args],
      { env: { ...process.env, SUPABASE_DB_URL: dbUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/**
 * Inserts a contact row as the database owner (no trigger checks), with SQL expressions for its
 * timestamps, e.g. `{ last_exchange_at: "now() - interval '2 days'" }`, through `db`. Returns its id.
 * @param {import('pg').Client} db
 */
export async function contactRow(db, { spam = null, mailed = 'now()', ...times } = {}) {
  const row = validContact();
  const columns = [
    'id',
    'prenom',
    'nom',
    'email',
    'service_souhaite',
    'message',
    'spam_reason',
    'client_address',
  ];
  const values = [
    row.id,
    row.prenom,
    row.nom,
    row.email,
    row.service_souhaite,
    row.message,
    spam,
    '192.0.2.1',
  ];
  const exprs = { created_at: 'now()', last_exchange_at: 'now()', mailed_at: mailed, ...times };
  await db.query(
    `insert into public.contacts (${columns.join(', ')}, ${Object.keys(exprs).join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}, ${Object.values(exprs).join(', ')})`,
    values,
  );
  return row.id;
}

/** `period` of the settings plus or minus a day, as a SQL expression of a past time. */
export const past = (period, beyond) =>
  `now() - interval '${PERIODS[period]}' ${beyond ? '-' : '+'} interval '1 day'`;

/**
 * The ids among `ids` that `table` still holds, sorted.
 * @param {import('pg').Client} db
 */
export async function existing(db, table, ids) {
  const { rows } = await db.query(`select id from ${table} where id = any($1::uuid[])`, [ids]);
  return rows.map((row) => row.id).sort();
}
