/**
 * The end-to-end specs' view of the local backend that tests/e2e/support/global-setup.ts starts once
 * per run: wait for it, stop and start its parts, read its rows and caught e-mails, set its limits.
 */
import { createRequire } from 'node:module';
import { urlsFor } from '../../../local-backend/index.mjs';
import { TEST_BACKEND_PORTS } from '../../../scripts/lib/test-ports.mjs';

const { dbUrl: DB_URL } = urlsFor(TEST_BACKEND_PORTS);

/** The variable through which the global setup tells the specs where its control server is. */
export const BACKEND_CONTROL_ENV = 'E2E_BACKEND_CONTROL';

/** Minimal typing of the `pg` client used here (the package ships no types). */
interface PgClient {
  connect(): Promise<void>;
  query<Row>(sql: string, values?: unknown[]): Promise<{ rows: Row[] }>;
  end(): Promise<void>;
}
const pg = createRequire(import.meta.url)('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};

/** One e-mail as maildev's JSON API returns it (the fields used here). */
export interface CaughtMail {
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  replyTo?: { address: string }[];
}

/**
 * Asks the global setup's control server for `action`: `ready` (answers once the backend is up,
 * or with why it could not start), `mail/stop`, `mail/start`, `gateway/stop`, `gateway/start`.
 */
export async function controlBackend(action: string): Promise<void> {
  const control = process.env[BACKEND_CONTROL_ENV];
  if (!control)
    throw new Error(`${BACKEND_CONTROL_ENV} is not set: run the specs with playwright.config.ts.`);
  const response = await fetch(`${control}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`Backend ${action} failed: ${await response.text()}`);
}

/** Waits until the backend is up: for a spec's `beforeAll`, with the time a loaded machine needs. */
export function backendReady(test: { setTimeout(ms: number): void }): Promise<void> {
  test.setTimeout(240_000);
  return controlBackend('ready');
}

/** Runs one query as the database superuser (rows are not readable through the API as anon). */
export async function dbQuery<Row>(sql: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  try {
    return (await client.query<Row>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The contact rows whose e-mail is `email`. */
export function contactRows(email: string) {
  return dbQuery<Record<string, string | null>>('select * from public.contacts where email = $1', [
    email,
  ]);
}

/** Every e-mail caught by maildev. */
export async function caughtMail(): Promise<CaughtMail[]> {
  const response = await fetch(`http://127.0.0.1:${TEST_BACKEND_PORTS.inbox}/email`);
  if (!response.ok) throw new Error(`maildev answered ${response.status}`);
  return response.json();
}

/** Caught e-mails whose text mentions `needle`. */
export async function mailMentioning(needle: string): Promise<CaughtMail[]> {
  return (await caughtMail()).filter(
    (mail) => mail.text.includes(needle) || mail.subject.includes(needle),
  );
}

/** Sets one of the server's rate limits (private.rate_limits). */
export async function setRateLimit(name: string, maxCount: number): Promise<void> {
  await dbQuery('update private.rate_limits set max_count = $2 where name = $1', [name, maxCount]);
}
