// The functions part: every supabase/functions/<name>/index.ts runs, unmodified, in its own
// long-lived Deno process (npm package `deno`); the gateway proxies /functions/v1/<name> to it.
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL, fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { parse as parseToml } from 'smol-toml';
import { spawnChild, stopChild } from './process.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BOOTSTRAP = path.join(HERE, 'deno-bootstrap.js');

/**
 * Path of the Deno executable of the npm package `deno`: the command npm links into
 * `node_modules/.bin` (its install script puts the binary there), the package's public way in.
 */
export function denoExecutable() {
  const bin = path.join(HERE, '..', 'node_modules', '.bin', 'deno');
  if (!existsSync(bin))
    throw new Error(`Deno is not installed (${bin} is missing): run \`npm install\`.`);
  return bin;
}

/**
 * Names of the functions in `functionsDir` (folders with an index.ts, `_shared` excluded).
 * @param {string} functionsDir
 */
export async function listFunctions(functionsDir) {
  if (!existsSync(functionsDir)) return [];
  const entries = await fs.readdir(functionsDir, { withFileTypes: true });
  return entries
    .filter(
      (e) => e.isDirectory() && !e.name.startsWith('_') && /^[A-Za-z][A-Za-z0-9_-]*$/.test(e.name),
    )
    .filter((e) => existsSync(path.join(functionsDir, e.name, 'index.ts')))
    .map((e) => e.name)
    .sort();
}

/**
 * Reads a dotenv file with Node's own parser (`node:util` parseEnv); empty values are dropped.
 * Missing file → {}.
 * @param {string} file
 * @returns {Record<string, string>}
 */
export function readEnvFile(file) {
  if (!existsSync(file)) return {};
  const env = parseEnv(readFileSync(file, 'utf8'));
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

/**
 * @typedef {object} FunctionProcess
 * @property {string} name
 * @property {number} port             where the Deno server listens (127.0.0.1)
 * @property {() => boolean} isRunning
 * @property {() => Promise<void>} stop
 */

/** Deno's flags: network, environment and read access, nothing written, no prompt, no lock file. */
const DENO_ARGS = [
  'run',
  '--allow-net',
  '--allow-env',
  '--allow-read',
  '--no-prompt',
  '--node-modules-dir=none',
  '--no-lock',
  BOOTSTRAP,
];

/**
 * Starts one function in Deno and resolves when it listens.
 * @param {{ name: string, functionsDir: string, denoDir: string, env: Record<string,string>, log: (msg: string) => void, timeoutMs?: number }} options
 * @returns {Promise<FunctionProcess>}
 */
export async function startFunction({ name, functionsDir, denoDir, env, log, timeoutMs = 60000 }) {
  const entry = pathToFileURL(path.join(functionsDir, name, 'index.ts')).href;
  const child = spawnChild(denoExecutable(), DENO_ARGS, {
    cwd: path.join(functionsDir, name),
    env: {
      ...env,
      DENO_DIR: denoDir,
      NO_COLOR: '1',
      DENO_NO_UPDATE_CHECK: '1',
      LOCAL_FUNCTION_ENTRY: entry,
    },
  });
  let stopping = false;
  const port = await listeningPort(child, {
    name,
    denoDir,
    timeoutMs,
    log,
    isStopping: () => stopping,
  }).catch(async (error) => {
    await stopChild(child);
    throw error;
  });
  return {
    name,
    port,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
}

/**
 * Resolves with the port the bootstrap announces (`LOCAL_FUNCTION_LISTENING <port>`), keeping the
 * output until then for the error; after that, logs the function's output and an unexpected exit.
 * @param {import('node:child_process').ChildProcess} child
 * @param {{ name: string, denoDir: string, timeoutMs: number, log: (msg: string) => void, isStopping: () => boolean }} options
 * @returns {Promise<number>}
 */
function listeningPort(child, { name, denoDir, timeoutMs, log, isStopping }) {
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Function ${name} did not start within ${timeoutMs} ms.\n${output}`)),
      timeoutMs,
    );
    child.stdout?.setEncoding('utf8');
    child.stderr?.setEncoding('utf8');
    let ready = false;
    child.stdout?.on('data', (chunk) => {
      if (ready) return void log(`[${name}] ${chunk.trimEnd()}`);
      output += chunk;
      const match = /LOCAL_FUNCTION_LISTENING (\d+)/.exec(output);
      if (match) {
        ready = true;
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.stderr?.on('data', (chunk) => {
      if (ready) log(`[${name}] ${chunk.trimEnd()}`);
      else output += chunk;
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) {
        reject(
          new Error(
            `Edge Function ${name} could not start under Deno (exit ${code ?? signal}). On first run Deno downloads its ` +
              `npm: imports from the npm registry into ${denoDir}: check the network or proxy.\n${output.trim()}`,
          ),
        );
      } else if (!isStopping()) log(`[${name}] Deno process exited (${code ?? signal})`);
    });
  });
}

/**
 * Reads `verify_jwt` of each `[functions.<name>]` section of supabase/config.toml.
 * A function not declared there defaults to verify_jwt = true, like the Supabase CLI.
 * @param {string} configFile
 * @returns {(name: string) => boolean}
 */
export function readVerifyJwt(configFile) {
  const config = existsSync(configFile) ? parseToml(readFileSync(configFile, 'utf8')) : {};
  const functions = /** @type {Record<string, { verify_jwt?: boolean }>} */ (
    config.functions ?? {}
  );
  return (name) => functions[name]?.verify_jwt ?? true;
}
