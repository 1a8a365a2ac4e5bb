// Embedded local backend: a stand-in for the Supabase services the site uses (database, REST insert,
// Edge Functions, mail), on the Supabase CLI's ports and keys. Development and test tool only.
import fs from 'node:fs/promises';
import path from 'node:path';
import * as config from './config.mjs';
import { createFunctionPool, functionEnvFor } from './function-pool.mjs';
import { listFunctions, readVerifyJwt } from './functions.mjs';
import { createGateway } from './gateway.mjs';
import { createRetention, createSweep, every } from './jobs.mjs';
import { startMail } from './mail.mjs';
import { assertPortsFree } from './ports.mjs';
import { startDatabase } from './postgres.mjs';

export * from './config.mjs';

/** The public local demo keys (config.mjs), as a backend handle lists them. */
const KEYS = Object.freeze({
  anon: config.ANON_KEY,
  publishable: config.PUBLISHABLE_KEY,
  serviceRole: config.SERVICE_ROLE_KEY,
  secret: config.SECRET_KEY,
  jwtSecret: config.JWT_SECRET,
});

/**
 * What stops a backend: each part that started pushes its stopper; `stop` runs them once, the last
 * started first, logging a failure and going on.
 * @param {(msg: string) => void} log
 */
function createStoppers(log) {
  /** @type {Array<() => Promise<void>>} */
  const stoppers = [];
  let stopped = false;
  return {
    /** @param {() => Promise<void>} stopper */
    push: (stopper) => void stoppers.push(stopper),
    isStopped: () => stopped,
    async stop() {
      if (stopped) return;
      stopped = true;
      for (const stopOne of stoppers.reverse())
        await stopOne().catch((e) => log(`stop: ${e.message}`));
    },
  };
}

/**
 * @typedef {object} BackendHandle
 * @property {{ api: number, db: number, inbox: number, smtp: number }} ports
 * @property {ReturnType<typeof config.urlsFor>} urls   apiUrl, restUrl, functionsUrl, dbUrl, inboxUrl, smtpUrl
 * @property {{ anon: string, publishable: string, serviceRole: string, secret: string, jwtSecret: string }} keys
 * @property {string} dataDir
 * @property {number} startupMs                 time startBackend took
 * @property {string[]} functions               names of the functions served
 * @property {{ start: () => Promise<void>, stop: () => Promise<void>, isRunning: () => boolean }} mail     SMTP catcher + inbox
 * @property {{ start: () => Promise<void>, stop: () => Promise<void>, isRunning: () => boolean }} gateway  API on ports.api
 * @property {(options?: { olderThan?: string }) => Promise<{ due: number, mailed: number, digests: Array<{ kind: string, digest: string | null, contacts: number }> }>} sweep  runs the contact sweep now
 * @property {() => Promise<Record<string, number>>} retention  writes the settings' retention periods, runs the retention job now (counts)
 * @property {(extra?: Record<string,string>) => Promise<void>} setFunctionEnv  restarts the functions with `extra` over their environment ('' unsets; `{}` restores it)
 * @property {() => Promise<void>} stop          stops everything (idempotent)
 */

/**
 * Starts the local backend: PostgreSQL (+ Supabase roles + migrations), maildev, one Deno process per
 * Edge Function, and the API gateway. Resolves once everything answers.
 * @param {object} [options]
 * @param {string} [options.dataDir]   data folder (default `.local-backend/` at the repository root)
 * @param {(msg: string) => void} [options.log]  progress and error lines (default: console.log with a prefix)
 * @param {Partial<{ api: number, db: number, inbox: number, smtp: number }>} [options.ports]  default: Supabase CLI ports
 * @param {string} [options.denoDir]   Deno cache for npm: imports (default `.local-backend/deno`, shared)
 * @param {Record<string,string>} [options.functionEnv]  extra environment for the functions (wins over all)
 * @param {number} [options.sweepIntervalMs]  how often the contact sweep runs (default 60000, or
 *   LOCAL_BACKEND_SWEEP_MS; 0 = only when `sweep()` is called)
 * @param {number} [options.retentionIntervalMs]  how often the retention job runs, once at start too
 *   (default 3600000, or LOCAL_BACKEND_RETENTION_MS; 0 = only when `retention()` is called)
 * @returns {Promise<BackendHandle>}
 */
export async function startBackend(options = {}) {
  const started = performance.now();
  const log = options.log ?? ((msg) => console.log(`[backend] ${msg}`));
  const dataDir = path.resolve(options.dataDir ?? config.DEFAULT_DATA_DIR);
  const denoDir = path.resolve(options.denoDir ?? path.join(config.DEFAULT_DATA_DIR, 'deno'));
  const ports = { ...config.DEFAULT_PORTS, ...options.ports };
  const urls = config.urlsFor(ports);
  const functionsDir = path.join(config.SUPABASE_DIR, 'functions');

  await assertPortsFree({
    'API gateway': ports.api,
    database: ports.db,
    'mail inbox': ports.inbox,
    SMTP: ports.smtp,
  });
  await fs.mkdir(dataDir, { recursive: true });

  const stoppers = createStoppers(log);
  const functions = createFunctionPool({
    names: await listFunctions(functionsDir),
    functionsDir,
    denoDir,
    env: functionEnvFor(urls, functionsDir, options.functionEnv),
    log,
    isStopped: stoppers.isStopped,
  });

  try {
    const { db, mail } = await startServices({ dataDir, ports, functions, stoppers, log });
    const gateway = await startGateway({ ports, db, functions, stoppers, log });
    const { sweep, retention } = startJobs({
      adminPool: db.adminPool,
      urls,
      options,
      stoppers,
      log,
    });

    return {
      ports,
      urls,
      keys: { ...KEYS },
      dataDir,
      startupMs: Math.round(performance.now() - started),
      functions: functions.names,
      mail: { start: mail.start, stop: mail.stop, isRunning: mail.isRunning },
      gateway,
      sweep,
      retention,
      setFunctionEnv: functions.setEnv,
      stop: stoppers.stop,
    };
  } catch (error) {
    await stoppers.stop();
    throw error;
  }
}

/**
 * Starts PostgreSQL (+ roles and migrations), the mail catcher and every function side by side,
 * pushing a stopper for each part that started; rejects with the first failure.
 * @param {{ dataDir: string, ports: { db: number, inbox: number, smtp: number },
 *           functions: ReturnType<typeof createFunctionPool>, stoppers: ReturnType<typeof createStoppers>,
 *           log: (msg: string) => void }} deps
 */
async function startServices({ dataDir, ports, functions, stoppers, log }) {
  const dbPromise = startDatabase({
    dir: path.join(dataDir, 'db'),
    port: ports.db,
    migrationsDir: path.join(config.SUPABASE_DIR, 'migrations'),
    log,
  });
  const mailPromise = startMail({
    smtpPort: ports.smtp,
    inboxPort: ports.inbox,
    mailDir: path.join(dataDir, 'mail'),
    log,
  });
  const results = await Promise.allSettled([dbPromise, mailPromise, ...functions.startAll()]);
  const [dbResult, mailResult] = results;
  if (dbResult.status === 'fulfilled') stoppers.push(() => dbResult.value.stop());
  if (mailResult.status === 'fulfilled') stoppers.push(() => mailResult.value.stop());
  stoppers.push(functions.stopAll);
  const failure = results.find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
  return {
    db: /** @type {PromiseFulfilledResult<Awaited<typeof dbPromise>>} */ (dbResult).value,
    mail: /** @type {PromiseFulfilledResult<Awaited<typeof mailPromise>>} */ (mailResult).value,
  };
}

/**
 * Starts the API gateway on `ports.api` in front of the database and the functions.
 * @param {{ ports: { api: number, inbox: number }, db: Awaited<ReturnType<typeof startDatabase>>,
 *           functions: ReturnType<typeof createFunctionPool>, stoppers: ReturnType<typeof createStoppers>,
 *           log: (msg: string) => void }} deps
 */
async function startGateway({ ports, db, functions, stoppers, log }) {
  const gateway = createGateway({
    port: ports.api,
    pool: db.pool,
    verifyJwt: readVerifyJwt(path.join(config.SUPABASE_DIR, 'config.toml')),
    log,
    functionTarget: functions.target,
    health: () => health(db.adminPool, ports.inbox, functions),
  });
  await gateway.start();
  stoppers.push(() => gateway.stop());
  return gateway;
}

/**
 * GET /health: the database answers, the mail inbox answers, every function's process runs.
 * @param {import('pg').Pool} adminPool
 * @param {number} inboxPort
 * @param {ReturnType<typeof createFunctionPool>} functions
 */
async function health(adminPool, inboxPort, functions) {
  const dbOk = await adminPool.query('select 1').then(
    () => true,
    () => false,
  );
  const mailOk = await fetch(`http://127.0.0.1:${inboxPort}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  const fnStatus = await functions.status();
  const ok = dbOk && mailOk && Object.values(fnStatus).every(Boolean);
  return { ok, status: ok ? 'ok' : 'degraded', database: dbOk, mail: mailOk, functions: fnStatus };
}

/**
 * The contact sweep and the retention job, each on its timer (options, else LOCAL_BACKEND_SWEEP_MS,
 * default a minute, and LOCAL_BACKEND_RETENTION_MS, default an hour, run once at start too).
 * @param {{ adminPool: import('pg').Pool, urls: ReturnType<typeof config.urlsFor>,
 *           options: { sweepIntervalMs?: number, retentionIntervalMs?: number },
 *           stoppers: ReturnType<typeof createStoppers>, log: (msg: string) => void }} deps
 */
function startJobs({ adminPool, urls, options, stoppers, log }) {
  const sweep = createSweep({ adminPool, functionsUrl: urls.functionsUrl, log });
  const retention = createRetention({ adminPool, log });
  const timers = [
    every({
      job: () => sweep(),
      intervalMs: options.sweepIntervalMs ?? Number(process.env.LOCAL_BACKEND_SWEEP_MS ?? 60_000),
      label: 'sweep',
      log,
    }),
    every({
      job: retention,
      intervalMs:
        options.retentionIntervalMs ?? Number(process.env.LOCAL_BACKEND_RETENTION_MS ?? 3_600_000),
      runNow: true,
      label: 'retention',
      log,
    }),
  ];
  for (const stopTimer of timers) if (stopTimer) stoppers.push(stopTimer);
  return { sweep, retention };
}
