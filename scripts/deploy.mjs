// `npm run deploy`: builds the site and deploys everything production needs, in order — database
// migrations, the sweep's Vault secrets, the retention periods of the settings, the Edge Functions'
// secrets, the Edge Functions, the static site on Cloudflare. `-- --dry-run` checks the variables
// and prints the plan; `-- --preview <name>` uploads a pull request's preview of the site only;
// `-- --build-only` builds production's dist/ (refused with a secret set) and `-- --prebuilt` deploys
// that dist/ without building (CI: two jobs, the build's without any secret). docs/deploying.md lists the variables.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deploy } from './lib/deploy.mjs';
import { verifyTurnstileSecret } from './lib/deploy-turnstile.mjs';
import { childEnv } from './lib/env.mjs';
import { upsertVaultSecrets } from './lib/vault-secrets.mjs';

const runner = {
  /**
   * Runs a command (PATH: this Node, node_modules/.bin, then the system's), output inherited,
   * without the `withheld` variables of this process (the secrets its step does not need).
   */
  exec: (argv, extraEnv = {}, withheld = []) =>
    new Promise((resolve, reject) => {
      const env = childEnv(extraEnv);
      for (const name of withheld) if (!(name in extraEnv)) delete env[name];
      const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', env });
      child.on('error', (error) =>
        reject(new Error(`${argv[0]} could not start (${error.message}); run npm install first.`)),
      );
      child.on('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`${argv[0]} exited with ${code ?? signal}.`)),
      );
    }),
  /** Writes `values` to a dotenv file only this user can read, for `use(file)`, then deletes it. */
  async withEnvFile(values, use) {
    const dir = await mkdtemp(join(tmpdir(), 'deploy-secrets-'));
    const file = join(dir, 'secrets.env');
    try {
      const lines = Object.entries(values).map(
        ([name, value]) => `${name}=${JSON.stringify(value)}`,
      );
      await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o600 });
      await use(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
  upsertVaultSecrets,
  /** The hosted Auth server's public settings (the same answer any visitor with the key gets). */
  async authSettings(apiUrl, key) {
    const res = await fetch(`${apiUrl}/auth/v1/settings`, {
      headers: { apikey: key },
      signal: AbortSignal.timeout(15_000),
    });
    if (!res.ok) throw new Error(`GET ${apiUrl}/auth/v1/settings answered ${res.status}.`);
    return res.json();
  },
  /** Cloudflare's siteverify, asked about a dummy token with the secret (throws when refused). */
  verifyTurnstileSecret: (secret) => verifyTurnstileSecret(secret),
};

process.exitCode = await deploy({ args: process.argv.slice(2), env: process.env, runner });
