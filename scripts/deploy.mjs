// `npm run deploy`: builds the site and deploys everything production needs, in order — database
// migrations, the sweep's Vault secrets, the retention periods of the settings, the Edge Functions'
// secrets, the Edge Functions, the static site on Cloudflare. `-- --dry-run` checks the variables
// and prints the plan; `-- --preview <name>` uploads a pull request's preview of the site only. docs/deploying.md lists the variables.
import { spawn } from 'node:child_process';
import { deploy } from './lib/deploy.mjs';
import { childEnv } from './lib/env.mjs';
import { upsertVaultSecrets } from './lib/vault-secrets.mjs';

const runner = {
  /** Runs a command (PATH: this Node, node_modules/.bin, then the system's), output inherited. */
  exec: (argv, extraEnv = {}) =>
    new Promise((resolve, reject) => {
      const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit', env: childEnv(extraEnv) });
      child.on('error', (error) =>
        reject(new Error(`${argv[0]} could not start (${error.message}); run npm install first.`)),
      );
      child.on('exit', (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`${argv[0]} exited with ${code ?? signal}.`)),
      );
    }),
  upsertVaultSecrets,
};

process.exitCode = await deploy({ args: process.argv.slice(2), env: process.env, runner });
