// Starts one local backend for the whole backend suite, plus a tiny control server through which
// test files (which run in worker processes) can stop and restart the mail catcher and the gateway.
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { CONTACT_FROM, CONTACT_TO, startBackend } from '../../local-backend/index.mjs';
import { TEST_PORTS } from './ports.mjs';

/** @param {import('vitest/node').TestProject} project */
export default async function setup(project) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agence-backend-test-'));
  const logs = [];
  // Pin the function's mail settings: a developer's supabase/functions/.env must not redirect test mail.
  const functionEnv = {
    RESEND_API_KEY: '',
    SMTP_URL: `smtp://127.0.0.1:${TEST_PORTS.smtp}`,
    CONTACT_TO: CONTACT_TO,
    CONTACT_FROM: CONTACT_FROM,
  };
  const backend = await startBackend({
    dataDir,
    ports: TEST_PORTS,
    functionEnv,
    sweepIntervalMs: 0, // the tests run the sweep themselves (POST <control>/sweep)
    retentionIntervalMs: 0, // and the retention job (tests/backend/privacy.test.mjs)
    log: (msg) => logs.push(msg),
  });
  // The suite sends hundreds of requests from 127.0.0.1 and mails hundreds of rows: lift the
  // per-address limits and the ceilings of lead and confirmation e-mails (their tests set their own).
  const admin = new pg.Client({ connectionString: backend.urls.dbUrl });
  await admin.connect();
  await admin.query(
    `update private.rate_limits set max_count = 100000 where name in ('contacts_per_address', 'newsletter_per_address', 'contacts_mail_ceiling', 'newsletter_confirm_per_hour', 'newsletter_confirm_per_day')`,
  );
  await admin.end();
  console.log(`[backend tests] local backend ready in ${backend.startupMs} ms (data: ${dataDir})`);

  const actions = {
    'mail/stop': () => backend.mail.stop(),
    'mail/start': () => backend.mail.start(),
    'gateway/stop': () => backend.gateway.stop(),
    'gateway/start': () => backend.gateway.start(),
    sweep: () => backend.sweep({ olderThan: '0 seconds' }),
    retention: () => backend.retention(),
    'functions/env': (body) => backend.setFunctionEnv(JSON.parse(body || '{}')),
  };
  const control = http.createServer(async (req, res) => {
    const action = actions[req.url?.slice(1) ?? ''];
    if (!action) return void res.writeHead(404).end();
    try {
      let body = '';
      for await (const chunk of req) body += chunk;
      const result = await action(body);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result ?? {}));
    } catch (error) {
      res.writeHead(500).end(String(error?.message ?? error));
    }
  });
  await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));

  project.provide('backend', {
    urls: backend.urls,
    ports: backend.ports,
    keys: backend.keys,
    startupMs: backend.startupMs,
    controlUrl: `http://127.0.0.1:${control.address().port}`,
  });

  return async () => {
    control.close();
    await backend.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (process.env.BACKEND_TEST_LOGS) console.log(logs.join('\n'));
  };
}
