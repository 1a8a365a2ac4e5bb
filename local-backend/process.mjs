// Child-process helpers: spawn, wait for readiness, stop without leaving orphans.
import { spawn } from 'node:child_process';
import net from 'node:net';

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();

// Last resort: if Node exits without stop() (crash, process.exit), kill the children synchronously.
process.on('exit', () => {
  for (const child of children) {
    try {
      child.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
});

/**
 * Spawns a tracked child process (killed on Node's exit if still running).
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 */
export function spawnChild(command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Stops a child: SIGTERM, then SIGKILL after `graceMs`. Resolves once it has exited.
 * @param {import('node:child_process').ChildProcess | null | undefined} child
 * @param {number} [graceMs]
 */
export async function stopChild(child, graceMs = 3000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
    child.kill('SIGTERM');
  });
}

/**
 * Resolves once something accepts TCP connections on host:port.
 * @param {number} port
 * @param {{ host?: string, timeoutMs?: number, child?: import('node:child_process').ChildProcess, name?: string }} [options]
 */
export async function waitForPort(
  port,
  { host = '127.0.0.1', timeoutMs = 15000, child, name = `port ${port}` } = {},
) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(
        `${name} exited (code ${child.exitCode ?? child.signalCode}) before listening on ${port}`,
      );
    }
    if (await canConnect(port, host)) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} did not listen on ${host}:${port} within ${timeoutMs} ms`);
}

/**
 * True when a TCP connection to host:port succeeds.
 * @param {number} port
 * @param {string} [host]
 */
export function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
