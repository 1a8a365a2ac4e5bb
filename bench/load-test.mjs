// `npm run load-test`: a bounded load test of the contact pipeline on loopback (not a timed test),
// on its own local backend (ports LOAD_TEST_PORT..+4, default 25621): 2000 submissions from 20
// clients as the form sends them, meanwhile a flood of 1000 inserts with forged client headers from
// one more, then the sweep and the hour's digests; it counts rows, e-mails, duplicates, refusals.
// Every row must be in exactly one e-mail and the flood must hit the per-address limit (raised to 120
// an hour for the honest clients; the ceiling of lead e-mails keeps its default).
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBackend } from '../local-backend/index.mjs';
import { databaseClientConfig } from '../scripts/lib/database-tls.mjs';

const CLIENTS = 20;
const PER_CLIENT = 100;
const FLOOD = 1000;
const PER_ADDRESS_LIMIT = 120;
const base = Number(process.env.LOAD_TEST_PORT ?? 25621);
const ports = { api: base, db: base + 1, inbox: base + 3, smtp: base + 4 };

/** One POST from a given loopback address; resolves with the status and body. */
function post(pathname, body, from, apikey, extraHeaders = {}) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: ports.api,
        localAddress: from,
        method: 'POST',
        path: pathname,
        agent: false,
        headers: {
          apikey,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(payload),
          ...extraHeaders,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(payload);
  });
}

function contact(tag) {
  return {
    id: crypto.randomUUID(),
    prenom: `Charge-${tag}`,
    nom: 'Test',
    email: `${tag}@load.example.com`,
    telephone: null,
    service_souhaite: 'Automatisation IA',
    message: `Demande de test de charge ${tag}.`,
  };
}

const count = (list) =>
  list.reduce((tally, status) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }), {});

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agence-load-test-'));
const backend = await startBackend({
  dataDir,
  ports,
  sweepIntervalMs: 0,
  log: () => {},
  functionEnv: { RESEND_API_KEY: '', SMTP_URL: `smtp://127.0.0.1:${ports.smtp}` },
});
const db = new pg.Client(databaseClientConfig(backend.urls.dbUrl));
await db.connect();
try {
  await db.query(
    `update private.rate_limits set max_count = $1 where name = 'contacts_per_address'`,
    [PER_ADDRESS_LIMIT],
  );
  const key = backend.keys.publishable;
  console.log(
    `Load test: ${CLIENTS} clients × ${PER_CLIENT} submissions, plus a flood of ${FLOOD} inserts from one client (backend on ${ports.api}).`,
  );

  const honest = { insert: [], invoke: [], ms: [] };
  const started = performance.now();
  const clients = Array.from({ length: CLIENTS }, async (_, c) => {
    const from = `127.0.0.${11 + c}`;
    for (let i = 0; i < PER_CLIENT; i++) {
      const row = contact(`c${c}-${i}`);
      const t0 = performance.now();
      const insert = await post(
        '/rest/v1/contacts',
        { ...row, site_web: '', fill_ms: 15_000 },
        from,
        key,
      );
      honest.insert.push(insert.status);
      if (insert.status !== 201) continue;
      const invoke = await post('/functions/v1/send-contact-email', row, from, key);
      honest.invoke.push(invoke.status);
      honest.ms.push(performance.now() - t0);
    }
  });
  const floodStatuses = [];
  const flood = (async () => {
    for (let sent = 0; sent < FLOOD; sent += 50) {
      const batch = Array.from({ length: 50 }, (_, i) => {
        const n = sent + i;
        const forged = `10.${(n >> 8) & 255}.${n & 255}.${1 + (n % 250)}`;
        return post(
          '/rest/v1/contacts',
          { ...contact(`flood-${n}`), fill_ms: 15_000 },
          '127.0.0.99',
          key,
          { 'X-Forwarded-For': forged, 'CF-Connecting-IP': forged },
        )
          .then((res) => res.status)
          .catch(() => 'error');
      });
      floodStatuses.push(...(await Promise.all(batch)));
    }
  })();
  await Promise.all([...clients, flood]);
  const seconds = (performance.now() - started) / 1000;

  // The sweep takes 100 rows per run (as every minute in production): run it until nothing is due.
  const swept = { runs: 0, mailed: 0, digests: 0, digestRows: 0 };
  const sweepUntilDone = async () => {
    for (;;) {
      const run = await backend.sweep({ olderThan: '0 seconds' });
      swept.runs += 1;
      swept.mailed += run.mailed;
      swept.digests += run.digests.filter((d) => d.digest).length;
      swept.digestRows += run.digests.reduce((sum, d) => sum + (d.contacts ?? 0), 0);
      if (run.due === 0 && run.digests.length === 0) return;
    }
  };
  await sweepUntilDone();
  const held = await db.query(
    `update public.contacts set held_at = held_at - interval '1 hour'
      where held_at is not null and digest_id is null`,
  );
  await sweepUntilDone();
  const { rows } = await db.query(`
    select count(*) filter (where email like 'c%')::int as honest_rows,
           count(*) filter (where email like 'flood%')::int as flood_rows,
           count(*) filter (where mailed_at is null)::int as unmailed,
           count(*) filter (where held_at is not null)::int as held,
           count(*) filter (where client_address <> '127.0.0.99' and email like 'flood%')::int
             as flood_rows_keyed_on_forged_address
      from public.contacts`);
  const [{ ceiling }] = (
    await db.query(
      `select max_count as ceiling from private.rate_limits where name = 'contacts_mail_ceiling'`,
    )
  ).rows;
  // SMTP delivery to the catcher is asynchronous to the listing: wait until it settles.
  const expectedMails = Math.min(ceiling, rows[0].honest_rows + rows[0].flood_rows) + swept.digests;
  let mails = [];
  for (let tries = 0; tries < 60; tries++) {
    mails = await (
      await fetch(`${backend.urls.inboxUrl.replace('localhost', '127.0.0.1')}/email`)
    ).json();
    if (mails.length >= expectedMails) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  // Every row's address must be in exactly one e-mail (its own, or one digest).
  const mailsPerRow = new Map();
  for (const mail of mails) {
    for (const address of new Set(mail.text.match(/[\w.-]+@load\.example\.com/g) ?? [])) {
      mailsPerRow.set(address, (mailsPerRow.get(address) ?? 0) + 1);
    }
  }
  const duplicates = [...mailsPerRow.values()].filter((n) => n > 1).length;
  const rowsInMail = mailsPerRow.size;
  const sorted = honest.ms.sort((a, b) => a - b);
  const pct = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]);

  const report = {
    seconds: Number(seconds.toFixed(1)),
    honest: {
      submissions: CLIENTS * PER_CLIENT,
      insertStatuses: count(honest.insert),
      functionStatuses: count(honest.invoke),
      perSecond: Number((honest.insert.length / seconds).toFixed(1)),
      latencyMs: { p50: pct(0.5), p95: pct(0.95), max: Math.round(sorted.at(-1) ?? 0) },
    },
    flood: { inserts: FLOOD, statuses: count(floodStatuses) },
    sweep: { ...swept, heldRowsWhenTheHourTurned: held.rowCount },
    database: rows[0],
    mails: {
      total: mails.length,
      single: mails.filter((mail) => mail.subject.startsWith('Nouvelle demande')).length,
      digests: mails.filter((mail) => mail.subject.startsWith('Demandes de contact groupées'))
        .length,
      ceilingPerHour: ceiling,
      rowsInMail,
      duplicates,
    },
  };
  console.log(JSON.stringify(report, null, 2));

  const ok =
    report.honest.insertStatuses[201] === CLIENTS * PER_CLIENT &&
    rows[0].honest_rows === CLIENTS * PER_CLIENT &&
    rows[0].flood_rows === PER_ADDRESS_LIMIT &&
    (report.flood.statuses[429] ?? 0) === FLOOD - PER_ADDRESS_LIMIT &&
    rows[0].flood_rows_keyed_on_forged_address === 0 &&
    rows[0].unmailed === 0 &&
    report.mails.single === Math.min(ceiling, rows[0].honest_rows + rows[0].flood_rows) &&
    mails.length === expectedMails &&
    rowsInMail === rows[0].honest_rows + rows[0].flood_rows &&
    duplicates === 0;
  console.log(
    ok
      ? 'OK: every submission stored once and in exactly one e-mail; the flood was limited whatever it forged; the inbox got the hourly ceiling of single e-mails and the rest in digests.'
      : 'FAILED: see the figures above.',
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  await db.end();
  await backend.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 1);
