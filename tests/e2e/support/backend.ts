// Starts the REAL local backend (embedded PostgreSQL, gateway, Deno function, maildev) for an
// end-to-end spec, on the test ports the test build points at (TEST_BACKEND_PORTS, never the defaults
// of `npm start`). No mocks.
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTACT_FROM, CONTACT_TO, startBackend, urlsFor } from '../../../local-backend/index.mjs';
import { TEST_BACKEND_PORTS, TEST_SITE_PORT } from '../ports';

const { dbUrl: DB_URL } = urlsFor(TEST_BACKEND_PORTS);

export type Backend = Awaited<ReturnType<typeof startBackend>>;

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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the backend in a fresh temporary data folder. The backend's own tests use the same machine:
 * when a port is busy (another run finishing), waits and retries for up to `patienceMs`.
 */
export async function startTestBackend(
  patienceMs = 90_000,
): Promise<Backend & { cleanup: () => Promise<void> }> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const dataDir = await mkdtemp(join(tmpdir(), 'contact-e2e-backend-'));
    try {
      const backend = await startBackend({
        dataDir,
        ports: TEST_BACKEND_PORTS,
        sweepIntervalMs: 0, // the specs run the sweep themselves when they need it
        log: () => {},
        // Pin the function's mail route: a developer's supabase/functions/.env must not redirect test mail.
        functionEnv: {
          RESEND_API_KEY: '',
          SMTP_URL: `smtp://127.0.0.1:${TEST_BACKEND_PORTS.smtp}`,
          CONTACT_TO,
          CONTACT_FROM,
          SITE_URL: `http://localhost:${TEST_SITE_PORT}`,
        },
      });
      // Every spec submits from 127.0.0.1: lift the per-address limit (the rate-limit test sets its own).
      await setRateLimit('contacts_per_address', 100_000);
      await setRateLimit('contacts_mail_ceiling', 100_000); // the hourly ceiling of lead e-mails too
      return {
        ...backend,
        cleanup: async () => {
          await backend.stop();
          await rm(dataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      const busy = /already in use|EADDRINUSE/i.test(String((error as Error)?.message));
      if (!busy || Date.now() > deadline) throw error;
      await sleep(3000);
    }
  }
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
