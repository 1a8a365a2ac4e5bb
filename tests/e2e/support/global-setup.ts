/**
 * Starts the REAL local backend (embedded PostgreSQL, gateway, Deno functions, maildev) once for the
 * end-to-end run, on the test ports the test build points at, while the first specs already run.
 * Specs reach it through a control server (tests/e2e/support/backend.ts): `ready` answers once it
 * is up; `mail/…` and `gateway/…` stop and start its parts for the specs that test an outage.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONTACT_FROM, CONTACT_TO, startBackend } from '../../../local-backend/index.mjs';
import { TEST_BACKEND_PORTS, TEST_SITE_PORT } from '../ports';
import { BACKEND_CONTROL_ENV, setRateLimit } from './backend';

type Backend = Awaited<ReturnType<typeof startBackend>>;

/** How long a port held by a run finishing on this machine may keep the backend waiting. */
const PATIENCE_MS = 90_000;

/** Starts the backend in a fresh data folder, retrying while another run still holds a port. */
async function start(): Promise<{ backend: Backend; dataDir: string }> {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const dataDir = await mkdtemp(join(tmpdir(), 'e2e-backend-'));
    try {
      const backend = await startBackend({
        dataDir,
        ports: TEST_BACKEND_PORTS,
        sweepIntervalMs: 0,
        log: () => {},
        // A developer's supabase/functions/.env must not redirect test mail.
        functionEnv: {
          RESEND_API_KEY: '',
          SMTP_URL: `smtp://127.0.0.1:${TEST_BACKEND_PORTS.smtp}`,
          CONTACT_TO,
          CONTACT_FROM,
          SITE_URL: `http://localhost:${TEST_SITE_PORT}`,
        },
      });
      // Every spec submits from 127.0.0.1: lift the per-address limit and the hourly mail ceiling
      // (the rate-limit spec sets its own).
      await setRateLimit('contacts_per_address', 100_000);
      await setRateLimit('contacts_mail_ceiling', 100_000);
      // And the site-wide ceilings of newsletter confirmation mails (tests/backend tests those).
      await setRateLimit('newsletter_confirm_per_hour', 100_000);
      await setRateLimit('newsletter_confirm_per_day', 100_000);
      return { backend, dataDir };
    } catch (error) {
      await rm(dataDir, { recursive: true, force: true });
      const busy = /already in use|EADDRINUSE/i.test(String((error as Error)?.message));
      if (!busy || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
  }
}

export default async function globalSetup() {
  const started = start();
  started.catch(() => {}); // reported to the specs by `ready`, and by the teardown
  const actions: Record<string, (backend: Backend) => Promise<unknown>> = {
    ready: async () => {},
    'mail/stop': (backend) => backend.mail.stop(),
    'mail/start': (backend) => backend.mail.start(),
    'gateway/stop': (backend) => backend.gateway.stop(),
    'gateway/start': (backend) => backend.gateway.start(),
  };
  const control = http.createServer(async (request, response) => {
    const action = actions[request.url?.slice(1) ?? ''];
    if (!action) return void response.writeHead(404).end();
    try {
      await action((await started).backend);
      response.writeHead(200).end();
    } catch (error) {
      response.writeHead(500).end(String((error as Error)?.stack ?? error));
    }
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  process.env[BACKEND_CONTROL_ENV] = `http://127.0.0.1:${(control.address() as AddressInfo).port}`;

  return async () => {
    control.close();
    const { backend, dataDir } = await started;
    await backend.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
