/**
 * The test backend, one harness for both suites that need it: the backend tests
 * (tests/backend/global-setup.mjs) and the end-to-end run (tests/e2e/support/global-setup.ts) each
 * start the REAL local backend (local-backend/index.mjs) once, through `startTestBackend`, and reach
 * it from their test files (other processes) through `serveControl`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTACT_FROM, CONTACT_TO, startBackend } from '../../local-backend/index.mjs';
import { TEST_BACKEND_PORTS } from '../../scripts/lib/test-ports.mjs';

export type Backend = Awaited<ReturnType<typeof startBackend>>;

/** Minimal typing of the `pg` client used here (the package ships no types). */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string, values?: unknown[]): Promise<unknown>;
  end(): Promise<void>;
}
const pg = createRequire(import.meta.url)('pg') as {
  Client: new (options: { connectionString: string }) => PgClient;
};

/** The max_count a lifted rate limit gets: more than a whole run sends. */
const LIFTED = 100_000;

export interface TestBackendOptions {
  /** Start of the name of the temporary data folder (removed by `stop`). */
  dataPrefix: string;
  /**
   * Rate limits (private.rate_limits) raised to LIFTED: every test request comes from 127.0.0.1
   * and a run mails hundreds of rows. A test of a limit sets its own.
   */
  liftLimits: string[];
  /** Function variables over the pinned mail settings (e.g. SITE_URL). */
  functionEnv?: Record<string, string>;
  /** startBackend's retention timer: unset, its own (once at start, then hourly); 0, only when asked. */
  retentionIntervalMs?: number;
  /** How long a port still held by a run finishing on this machine may keep the start waiting. */
  patienceMs?: number;
}

export interface TestBackend {
  backend: Backend;
  dataDir: string;
  /** Stops the backend and removes its data folder; prints its log when BACKEND_TEST_LOGS is set. */
  stop(): Promise<void>;
}

/**
 * Starts the local backend on the test ports (scripts/lib/test-ports.mjs), never the defaults of
 * `npm start`, in a fresh temporary data folder: the contact sweep's timer off (the tests run it
 * through the control server), the functions' mail pinned to its catcher (a developer's
 * supabase/functions/.env must not redirect test mail), the given limits lifted. Retries while
 * another run still holds a port, for `patienceMs`.
 */
export async function startTestBackend(options: TestBackendOptions): Promise<TestBackend> {
  const deadline = Date.now() + (options.patienceMs ?? 0);
  for (;;) {
    const dataDir = await mkdtemp(join(tmpdir(), options.dataPrefix));
    const logs: string[] = [];
    try {
      const backend = await startWithLimits(dataDir, logs, options);
      return {
        backend,
        dataDir,
        async stop() {
          await backend.stop();
          await rm(dataDir, { recursive: true, force: true });
          printLogs(logs);
        },
      };
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      printLogs(logs);
      const busy = /already in use|EADDRINUSE/i.test(String((error as Error)?.message));
      if (!busy || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}

/** Starts the backend in `dataDir`, then lifts the limits (stopping it if that fails). */
async function startWithLimits(dataDir: string, logs: string[], options: TestBackendOptions) {
  const backend = await startBackend({
    dataDir,
    ports: TEST_BACKEND_PORTS,
    sweepIntervalMs: 0,
    retentionIntervalMs: options.retentionIntervalMs,
    log: (msg) => logs.push(msg),
    functionEnv: {
      RESEND_API_KEY: '',
      SMTP_URL: `smtp://127.0.0.1:${TEST_BACKEND_PORTS.smtp}`,
      CONTACT_TO,
      CONTACT_FROM,
      ...options.functionEnv,
    },
  });
  try {
    const admin = new pg.Client({ connectionString: backend.urls.dbUrl });
    await admin.connect();
    await admin.query('update private.rate_limits set max_count = $2 where name = any($1)', [
      options.liftLimits,
      LIFTED,
    ]);
    await admin.end();
    return backend;
  } catch (error) {
    await backend.stop();
    throw error;
  }
}

function printLogs(logs: string[]) {
  if (process.env.BACKEND_TEST_LOGS && logs.length) console.log(logs.join('\n'));
}

/** What the control server does: `POST /<action>`, with a JSON body for `functions/env`. */
const ACTIONS: Record<string, (backend: Backend, body: string) => Promise<unknown>> = {
  ready: async () => {},
  'mail/stop': (backend) => backend.mail.stop(),
  'mail/start': (backend) => backend.mail.start(),
  'gateway/stop': (backend) => backend.gateway.stop(),
  'gateway/start': (backend) => backend.gateway.start(),
  sweep: (backend) => backend.sweep({ olderThan: '0 seconds' }),
  retention: (backend) => backend.retention(),
  'functions/env': (backend, body) => backend.setFunctionEnv(JSON.parse(body || '{}')),
};

/**
 * A control server on a free port of 127.0.0.1, for test files in other processes: `ready`
 * (answers once `started` has, or with why it failed), `mail/stop|start` and `gateway/stop|start`
 * (the part really down or up), `sweep` (rows of any age), `retention`, `functions/env` (the
 * functions restarted with the body's variables; `{}` restores them). Answers the action's result
 * as JSON, or 500 with the error.
 */
export async function serveControl(
  started: Promise<Backend>,
): Promise<{ url: string; close(): void }> {
  started.catch(() => {}); // reported by `ready` and by the action asked for
  const server = http.createServer(async (request, response) => {
    const action = ACTIONS[request.url?.slice(1) ?? ''];
    if (!action) return void response.writeHead(404).end();
    try {
      let body = '';
      for await (const chunk of request) body += chunk;
      const result = await action(await started, body);
      response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(result ?? {}));
    } catch (error) {
      response.writeHead(500).end(String((error as Error)?.stack ?? error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => void server.close(),
  };
}
