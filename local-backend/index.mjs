// Embedded local backend: a stand-in for the Supabase services the site uses (database, REST insert,
// Edge Functions, mail), on the Supabase CLI's ports and keys. Development and test tool only.
import fs from 'node:fs/promises';
import path from 'node:path';
import * as config from './config.mjs';
import { listFunctions, readEnvFile, readVerifyJwt, startFunction } from './functions.mjs';
import { createGateway } from './gateway.mjs';
import { startMail } from './mail.mjs';
import { assertPortsFree } from './ports.mjs';
import { startDatabase } from './postgres.mjs';
import { settingsRetentionPeriods, writeRetentionPeriods } from '../src/lib/privacy/retention.mjs';

export * from './config.mjs';

const PASSED_ENV =
  /^(PATH|HOME|TMPDIR|LANG|HTTPS?_PROXY|NO_PROXY|ALL_PROXY|SSL_CERT_FILE|SSL_CERT_DIR|NODE_EXTRA_CA_CERTS|DENO_CERT|DENO_TLS_CA_STORE|NPM_CONFIG_REGISTRY)$/i;

/** Host variables Deno needs to reach the npm registry (proxy, CA certificates); nothing else leaks in. */
function networkEnv() {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([key, value]) => PASSED_ENV.test(key) && value !== undefined,
    ),
  );
}

/**
 * The contact sweep, as in production (supabase/migrations/…_contact_pipeline.sql, then
 * …_mail_ceiling_and_digests.sql): the rows private.contacts_due_for_mail() returns are handed to
 * send-contact-email by id, which mails each once, then each digest private.digests_due() names
 * (`{ digest: kind }`). One run at a time.
 * @param {{ adminPool: import('pg').Pool, functionsUrl: string, log: (msg: string) => void }} deps
 */
function createSweep({ adminPool, functionsUrl, log }) {
  let running = Promise.resolve({ due: 0, mailed: 0, digests: [] });
  const call = async (body) => {
    const res = await fetch(`${functionsUrl}/send-contact-email`, {
      method: 'POST',
      headers: { apikey: config.PUBLISHABLE_KEY, 'Content-Type': 'application/json' },
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
function createRetention({ adminPool, log }) {
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

  let functionEnv = {
    DENO_TLS_CA_STORE: 'mozilla,system',
    ...networkEnv(),
    SUPABASE_URL: urls.apiUrl,
    SUPABASE_ANON_KEY: config.ANON_KEY,
    SUPABASE_SERVICE_ROLE_KEY: config.SERVICE_ROLE_KEY,
    SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: config.PUBLISHABLE_KEY }),
    SUPABASE_SECRET_KEYS: JSON.stringify({ default: config.SECRET_KEY }),
    SUPABASE_DB_URL: urls.dbUrl,
    SMTP_URL: urls.smtpUrl,
    CONTACT_TO: config.CONTACT_TO,
    CONTACT_FROM: config.CONTACT_FROM,
    SITE_URL: `http://localhost:${process.env.PORT ?? 4321}`,
    ...readEnvFile(path.join(functionsDir, '.env')),
    ...options.functionEnv,
  };

  /** @type {Array<() => Promise<void>>} */
  const stoppers = [];
  /** @type {Map<string, Promise<import('./functions.mjs').FunctionProcess>>} */
  const functions = new Map();
  const names = await listFunctions(functionsDir);
  const launch = (name) => {
    const running = startFunction({ name, functionsDir, denoDir, env: functionEnv, log });
    functions.set(name, running);
    running.catch(() => functions.delete(name));
    return running;
  };

  /** Restarts every function with `extra` over the start's environment (a key set to '' is unset). */
  const baseEnv = functionEnv;
  const setFunctionEnv = async (extra = {}) => {
    const running = await Promise.allSettled([...functions.values()]);
    await Promise.all(running.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
    functionEnv = Object.fromEntries(
      Object.entries({ ...baseEnv, ...extra }).filter(([, value]) => value !== ''),
    );
    await Promise.all(names.map(launch));
  };

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const stopOne of stoppers.reverse())
      await stopOne().catch((e) => log(`stop: ${e.message}`));
  };

  try {
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
    const fnPromises = names.map(launch);
    const results = await Promise.allSettled([dbPromise, mailPromise, ...fnPromises]);
    const [dbResult, mailResult] = results;
    if (dbResult.status === 'fulfilled') stoppers.push(() => dbResult.value.stop());
    if (mailResult.status === 'fulfilled') stoppers.push(() => mailResult.value.stop());
    stoppers.push(async () => {
      const all = await Promise.allSettled([...functions.values()]);
      await Promise.all(all.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
    });
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
    const db = /** @type {PromiseFulfilledResult<any>} */ (dbResult).value;
    const mail = /** @type {PromiseFulfilledResult<any>} */ (mailResult).value;

    const verify = readVerifyJwt(path.join(config.SUPABASE_DIR, 'config.toml'));
    const gateway = createGateway({
      port: ports.api,
      pool: db.pool,
      verifyJwt: verify,
      log,
      async functionTarget(name) {
        if (!names.includes(name)) return null;
        const current = await (functions.get(name) ?? launch(name));
        if (current.isRunning() || stopped) return current;
        log(`function ${name} had stopped; restarting it`);
        return launch(name);
      },
      async health() {
        const dbOk = await db.adminPool.query('select 1').then(
          () => true,
          () => false,
        );
        const mailOk = await fetch(`http://127.0.0.1:${ports.inbox}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        /** @type {Record<string, boolean>} */
        const fnStatus = {};
        for (const name of names) {
          const fn = await functions.get(name)?.catch(() => null);
          fnStatus[name] = Boolean(fn?.isRunning());
        }
        const ok = dbOk && mailOk && Object.values(fnStatus).every(Boolean);
        return {
          ok,
          status: ok ? 'ok' : 'degraded',
          database: dbOk,
          mail: mailOk,
          functions: fnStatus,
        };
      },
    });
    await gateway.start();
    stoppers.push(() => gateway.stop());

    const sweep = createSweep({ adminPool: db.adminPool, functionsUrl: urls.functionsUrl, log });
    const sweepIntervalMs =
      options.sweepIntervalMs ?? Number(process.env.LOCAL_BACKEND_SWEEP_MS ?? 60_000);
    if (sweepIntervalMs > 0) {
      const timer = setInterval(
        () => void sweep().catch((e) => log(`sweep: ${e.message}`)),
        sweepIntervalMs,
      );
      timer.unref();
      stoppers.push(async () => clearInterval(timer));
    }

    const retention = createRetention({ adminPool: db.adminPool, log });
    const retentionIntervalMs =
      options.retentionIntervalMs ?? Number(process.env.LOCAL_BACKEND_RETENTION_MS ?? 3_600_000);
    if (retentionIntervalMs > 0) {
      const runRetention = () => void retention().catch((e) => log(`retention: ${e.message}`));
      runRetention();
      const timer = setInterval(runRetention, retentionIntervalMs);
      timer.unref();
      stoppers.push(async () => clearInterval(timer));
    }

    const startupMs = Math.round(performance.now() - started);
    return {
      ports,
      urls,
      keys: {
        anon: config.ANON_KEY,
        publishable: config.PUBLISHABLE_KEY,
        serviceRole: config.SERVICE_ROLE_KEY,
        secret: config.SECRET_KEY,
        jwtSecret: config.JWT_SECRET,
      },
      dataDir,
      startupMs,
      functions: names,
      mail: { start: mail.start, stop: mail.stop, isRunning: mail.isRunning },
      gateway,
      sweep,
      retention,
      setFunctionEnv,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
