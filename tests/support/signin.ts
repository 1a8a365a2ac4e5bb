// The test site's Worker settings for « Se connecter avec GitHub » (src/worker/signin.ts): the demo
// app of scripts/lib/test-ports.mjs, from an env file (workerEnvFile).
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  TEST_GITHUB_PORT,
  TEST_SIGNIN_APP,
  TEST_SITE_PORT,
} from '../../scripts/lib/test-ports.mjs';

/** The test build's repository (CMS_GITHUB_REPO unset: src/cms/options.ts's default). */
export const TEST_REPO = 'agence-exemple/site';

/** The Worker's variables and secret for the test site, as wrangler's `.dev.vars` holds them. */
export function workerVars(): Record<string, string> {
  return {
    CMS_GITHUB_CLIENT_ID: TEST_SIGNIN_APP.clientId,
    CMS_GITHUB_CLIENT_SECRET: TEST_SIGNIN_APP.clientSecret,
    CMS_GITHUB_REPO: TEST_REPO,
    CMS_GITHUB_API_ROOT: `http://127.0.0.1:${TEST_GITHUB_PORT}`,
  };
}

/** Writes workerVars() to a file of the system's temporary folder (never the project) and names it. */
export function workerEnvFile(): string {
  const file = join(tmpdir(), `agence-site-worker-${TEST_SITE_PORT}.env`);
  const lines = Object.entries(workerVars()).map(([name, value]) => `${name}=${value}`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return file;
}
