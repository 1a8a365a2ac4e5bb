// `npm run privacy`: the rights of the privacy page, one command each, against the local backend or,
// with SUPABASE_DB_URL, the production database. The work is done by the SQL functions of
// supabase/migrations/20261127000000_privacy_retention.sql, each in one transaction.
import pg from 'pg';
import { checkField } from '../../supabase/functions/_shared/validation.ts';
import { DEFAULT_PORTS, DB_NAME, DB_PASSWORD, DB_USER } from '../../local-backend/config.mjs';
import {
  retentionDrift,
  settingsRetentionPeriods,
  writeRetentionPeriods,
} from '../../src/lib/privacy/retention.mjs';
import { databaseClientConfig } from './database-tls.mjs';

export const LOCAL_DB_URL = `postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${DEFAULT_PORTS.db}/${DB_NAME}`;

export const USAGE = `Usage: npm run privacy -- <command> [e-mail]
  export <e-mail>    print as JSON every row stored about the address (access, portability)
  erase <e-mail>     delete them everywhere in one transaction; log the date and a keyed hash of the address
  exchange <e-mail>  record an exchange with the address now (its contact requests are kept longer)
  retention          run the retention job now and print what it deleted or cleared (counts)
  periods            write the retention periods of the settings into the database (npm run deploy does)
  check              compare the database's retention periods with the settings (exit 1 if they differ)
Database: SUPABASE_DB_URL (production: the session pooler connection string), else the local
backend, ${LOCAL_DB_URL}.`;

const WITH_EMAIL = new Set(['export', 'erase', 'exchange']);
const WITHOUT = new Set(['retention', 'periods', 'check']);

/**
 * Runs one command.
 * @param {{ args: string[], env: Record<string, string | undefined>,
 *   out?: (text: string) => void, err?: (text: string) => void }} options
 * @returns {Promise<number>} the exit code: 0 done, 1 failed (database), 2 refused (usage, address)
 */
export async function privacy({ args, env, out = console.log, err = console.error }) {
  const [command, email, ...rest] = args;
  if (
    !command ||
    rest.length ||
    !(WITH_EMAIL.has(command) ? email !== undefined : WITHOUT.has(command) && email === undefined)
  ) {
    err(
      command && !WITH_EMAIL.has(command) && !WITHOUT.has(command)
        ? `Unknown command "${command}".\n${USAGE}`
        : USAGE,
    );
    return 2;
  }
  if (WITH_EMAIL.has(command) && checkField('email', email.trim()) !== null) {
    err(
      `"${email}" is not an e-mail address (expected one address such as name@example.fr): nothing done.`,
    );
    return 2;
  }
  const url = env.SUPABASE_DB_URL?.trim() || LOCAL_DB_URL;
  let client;
  try {
    client = new pg.Client({ ...databaseClientConfig(url, env), connectionTimeoutMillis: 10_000 });
  } catch (error) {
    err(`${error.message} Nothing done.`);
    return 2;
  }
  try {
    await client.connect();
  } catch (error) {
    const { hostname, port } = new URL(url);
    err(
      `Cannot reach the database at ${hostname}:${port || 5432} (${error.code ?? error.message}): nothing done. ` +
        (env.SUPABASE_DB_URL
          ? 'Check SUPABASE_DB_URL, and SUPABASE_DB_CA_CERT (the server certificate is verified).'
          : 'Start the local backend (npm run backend) or set SUPABASE_DB_URL.'),
    );
    return 1;
  }
  try {
    return await COMMANDS[command]({ client, email: email?.trim(), out, err });
  } catch (error) {
    err(`${command} failed, nothing changed: ${error.message}`);
    return 1;
  } finally {
    await client.end().catch(() => {});
  }
}

/** @typedef {{ client: pg.Client, email?: string, out: (t: string) => void, err: (t: string) => void }} Context */

/** @type {Record<string, (context: Context) => Promise<number>>} */
const COMMANDS = {
  async export({ client, email, out }) {
    const { rows } = await client.query('select private.personal_data($1) as data', [email]);
    out(JSON.stringify(rows[0].data, null, 2));
    return 0;
  },
  async erase({ client, email, out }) {
    const { rows } = await client.query(
      'select private.erase_personal_data($1) as counts, private.erasure_key($1) as hash',
      [email],
    );
    const { counts, hash } = rows[0];
    if (Object.values(counts).every((n) => n === 0)) {
      out(`Nothing stored about ${email}: nothing erased, nothing recorded.`);
      return 0;
    }
    out(JSON.stringify(counts));
    out(
      `Erased. Recorded in private.erasures: today's date and the keyed hash ${hash}. ` +
        'Delete the notification e-mails about this address from the leads inbox too.',
    );
    return 0;
  },
  async exchange({ client, email, out }) {
    const { rows } = await client.query('select private.record_exchange($1) as n', [email]);
    out(
      rows[0].n
        ? `Last exchange with ${email} set to now on ${rows[0].n} contact request(s).`
        : `No contact request from ${email}: nothing changed.`,
    );
    return 0;
  },
  async retention({ client, out }) {
    const { rows } = await client.query('select private.apply_retention() as counts');
    out(JSON.stringify(rows[0].counts));
    return 0;
  },
  async periods({ client, out }) {
    const periods = settingsRetentionPeriods();
    await writeRetentionPeriods(client, periods);
    out(`Retention periods written: ${JSON.stringify(periods)}`);
    return 0;
  },
  async check({ client, out, err }) {
    const drift = await retentionDrift(client, settingsRetentionPeriods());
    if (drift.length) {
      err(`${drift.join('\n')}\nRun: npm run privacy -- periods`);
      return 1;
    }
    out('The database keeps data for the periods the settings say.');
    return 0;
  },
};
