// Serves a built site with the production host's own runtime: Cloudflare's `wrangler dev` (workerd),
// configured by wrangler.jsonc at the root of the project. The host, not this project, applies
// `_headers`, clean URLs, the 404 page and compression. Offline: no account, no telemetry, no update
// check, no download of the request metadata (`request.cf`).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { childEnv } from './env.mjs';

/** Environment that keeps wrangler off the network. */
export const OFFLINE_ENV = {
  // No usage metrics, no error reports.
  WRANGLER_SEND_METRICS: 'false',
  WRANGLER_SEND_ERROR_REPORTS: 'false',
  // The start banner is where wrangler checks the registry for a newer version.
  WRANGLER_HIDE_BANNER: 'true',
  // `request.cf` from a local placeholder instead of a download.
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
};

/**
 * The `wrangler dev` arguments that serve `dir` on `ip:port`.
 * @param {{ dir: string, port: number, ip?: string, inspectorPort?: number, envFile?: string }} options
 *   `inspectorPort`: the devtools port (wrangler's default, 9229, is shared by every Node debugger):
 *   by default HOST_INSPECTOR_PORT, else the serving port plus 10,000. `envFile`: the Worker's
 *   variables and secrets (the editor's sign-in, src/worker/signin.ts), by default HOST_ENV_FILE;
 *   unset, wrangler reads `.dev.vars` if there is one.
 */
export function hostArgs({
  dir,
  port,
  ip = '127.0.0.1',
  inspectorPort = Number(process.env.HOST_INSPECTOR_PORT) || port + 10_000,
  envFile = process.env.HOST_ENV_FILE,
}) {
  return [
    'dev',
    // The build folder to serve (the configuration's `assets.directory` is dist/).
    '--assets',
    dir,
    '--ip',
    ip,
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--show-interactive-dev-session=false',
    '--log-level',
    'warn',
    ...(envFile ? ['--env-file', envFile] : []),
  ];
}

/**
 * Rejects when something already listens on `ip:port`: a host left running by an earlier run would
 * answer for this one, with its own build.
 */
function assertPortFree(ip, port) {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', () =>
      fail(
        new Error(
          `Port ${port} (${ip}) is already in use: stop what listens there (\`ss -ltnp | grep :${port}\`) or choose another port.`,
        ),
      ),
    );
    probe.listen(port, ip, () => probe.close(() => done()));
  });
}

/**
 * Starts `wrangler dev` on `dir` and resolves once it answers; rejects with wrangler's output if it
 * stops first (a port in use, a configuration error).
 * @param {{ dir?: string, port: number, ip?: string, inspectorPort?: number, cwd?: string, timeoutMs?: number }} options
 * @returns {Promise<{ origin: string, close: () => Promise<void> }>}
 */
export async function startHost({
  dir = 'dist',
  port,
  ip = '127.0.0.1',
  inspectorPort,
  cwd = process.cwd(),
  timeoutMs = 60_000,
}) {
  await assertPortFree(ip, port);
  const child = spawn(
    resolve(cwd, 'node_modules/.bin/wrangler'),
    hostArgs({ dir: resolve(cwd, dir), port, ip, inspectorPort }),
    { cwd, env: childEnv(OFFLINE_ENV), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((done) => child.once('exit', done));
  const origin = `http://${ip}:${port}`;
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };
  // A script that dies before calling close() (an uncaught error) takes its host with it.
  process.once('exit', stop);
  const close = async () => {
    process.off('exit', stop);
    stop();
    await exited;
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`wrangler dev stopped before serving ${dir} on ${origin}:\n${output}`);
    const answered = await fetch(`${origin}/`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status < 500,
      () => false,
    );
    if (answered) return { origin, close };
    if (Date.now() > deadline) {
      await close();
      throw new Error(
        `wrangler dev did not answer on ${origin} within ${timeoutMs} ms:\n${output}`,
      );
    }
    await new Promise((done) => setTimeout(done, 200));
  }
}
