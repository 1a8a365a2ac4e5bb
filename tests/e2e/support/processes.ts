/** Local processes a test starts for itself: a free port, a program started and waited for. */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `command` and waits until `ready` answers, killing it if it never does. */
export async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
) {
  const child = spawn(command, args, { env, stdio: 'ignore' });
  const deadline = Date.now() + 20_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`${command} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}
