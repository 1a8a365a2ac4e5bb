// The mail part: maildev (SMTP catcher + web inbox + JSON API at /email) in a child process, so it
// can be stopped and started for real (failure tests) and never touches the parent's signals.
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import { spawnChild, stopChild, waitForPort } from './process.mjs';

const require = createRequire(import.meta.url);

/**
 * @typedef {object} MailCatcher
 * @property {() => Promise<void>} start  (re)starts maildev; caught mail persists in its folder
 * @property {() => Promise<void>} stop   stops it: SMTP and the inbox are really down
 * @property {() => boolean} isRunning
 */

/**
 * Creates (and starts) the mail catcher.
 * @param {{ smtpPort: number, inboxPort: number, mailDir: string, log: (msg: string) => void }} options
 * @returns {Promise<MailCatcher>}
 */
export async function startMail({ smtpPort, inboxPort, mailDir, log }) {
  const bin = require.resolve('maildev/bin/maildev');
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;

  async function start() {
    if (child) return;
    await fs.mkdir(mailDir, { recursive: true });
    const args = [
      bin,
      '--smtp',
      String(smtpPort),
      '--web',
      String(inboxPort),
      '--ip',
      '127.0.0.1',
      '--mail-directory',
      mailDir,
      '--silent',
    ];
    const proc = spawnChild(process.execPath, args, {
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    let output = '';
    proc.stdout?.on('data', (d) => (output += d));
    proc.stderr?.on('data', (d) => (output += d));
    proc.once('exit', (code, signal) => {
      if (child === proc) {
        child = null;
        log(`maildev exited unexpectedly (${code ?? signal}) ${output.trim()}`);
      }
    });
    child = proc;
    try {
      // A busy 2-core machine (a full test run beside other work) can take well over 15 s here.
      await waitForPort(smtpPort, { child: proc, name: 'maildev SMTP', timeoutMs: 60_000 });
      await waitForPort(inboxPort, { child: proc, name: 'maildev web inbox', timeoutMs: 60_000 });
    } catch (error) {
      child = null;
      await stopChild(proc);
      throw new Error(`${error.message}\n${output.trim()}`);
    }
  }

  async function stop() {
    const proc = child;
    child = null;
    await stopChild(proc);
  }

  await start();
  return { start, stop, isRunning: () => child !== null };
}
