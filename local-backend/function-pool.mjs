// The running Edge Functions as a set: their environment, one Deno process each (started, restarted
// when one has stopped, restarted all with another environment, stopped all).
import path from 'node:path';
import * as config from './config.mjs';
import { readEnvFile, startFunction } from './functions.mjs';

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
 * The functions' environment: the local stack's URLs and keys, placeholder mail settings, then
 * `supabase/functions/.env` if present, then `overrides` (wins over all).
 * @param {ReturnType<typeof config.urlsFor>} urls
 * @param {string} functionsDir
 * @param {Record<string,string>} [overrides]
 * @returns {Record<string,string>}
 */
export function functionEnvFor(urls, functionsDir, overrides) {
  return {
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
    ...overrides,
  };
}

/**
 * The set of functions `names`, each started on demand in Deno with the current environment.
 * @param {{ names: string[], functionsDir: string, denoDir: string, env: Record<string,string>,
 *           log: (msg: string) => void, isStopped: () => boolean }} options
 */
export function createFunctionPool({ names, functionsDir, denoDir, env, log, isStopped }) {
  const baseEnv = env;
  let currentEnv = env;
  /** @type {Map<string, Promise<import('./functions.mjs').FunctionProcess>>} */
  const running = new Map();

  /** @param {string} name */
  const launch = (name) => {
    const started = startFunction({ name, functionsDir, denoDir, env: currentEnv, log });
    running.set(name, started);
    started.catch(() => running.delete(name));
    return started;
  };

  /** Stops every function that started. */
  const stopAll = async () => {
    const all = await Promise.allSettled([...running.values()]);
    await Promise.all(all.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
  };

  return {
    names,
    /** Starts every function; resolves (or rejects) with each one's start. */
    startAll: () => names.map(launch),
    stopAll,
    /** Restarts every function with `extra` over the start's environment (a key set to '' is unset). */
    async setEnv(extra = {}) {
      await stopAll();
      currentEnv = Object.fromEntries(
        Object.entries({ ...baseEnv, ...extra }).filter(([, value]) => value !== ''),
      );
      await Promise.all(names.map(launch));
    },
    /**
     * The running process of function `name` (restarted if it had stopped), null if there is none.
     * @param {string} name
     */
    async target(name) {
      if (!names.includes(name)) return null;
      const current = await (running.get(name) ?? launch(name));
      if (current.isRunning() || isStopped()) return current;
      log(`function ${name} had stopped; restarting it`);
      return launch(name);
    },
    /** Whether each function's process is running. */
    async status() {
      /** @type {Record<string, boolean>} */
      const status = {};
      for (const name of names) {
        const fn = await running.get(name)?.catch(() => null);
        status[name] = Boolean(fn?.isRunning());
      }
      return status;
    },
  };
}
