// What the deploy tests share: a complete production environment and a runner that records what
// `npm run deploy` would have run (scripts/lib/deploy.mjs), without deploying anything.
import { deploy } from '../../../scripts/lib/deploy.mjs';

/** A complete production environment (fake values of the right shape). */
export const PRODUCTION = {
  SITE_URL: 'https://www.agence-exemple.fr',
  SUPABASE_PROJECT_REF: 'abcdefghijklmnopqrst',
  PUBLIC_SUPABASE_KEY: 'sb_publishable_test_only',
  SUPABASE_ACCESS_TOKEN: 'sbp_test_only',
  SUPABASE_DB_URL:
    'postgresql://postgres.abcdefghijklmnopqrst:pw-test-only@pooler.example:5432/postgres',
  CONTACT_TO: 'contact@agence-exemple.fr',
  CONTACT_FROM: 'Site web <no-reply@agence-exemple.fr>',
  RESEND_API_KEY: 're_test_only',
  CLOUDFLARE_API_TOKEN: 'cf-token-test-only',
  CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef',
};

export type Call = {
  argv?: string[];
  env?: Record<string, string>;
  withheld?: string[];
  envFile?: Record<string, string>;
  vault?: unknown;
  auth?: unknown;
  turnstile?: string;
};

type Options = {
  failAt?: number;
  signupsOff?: boolean;
  verifyTurnstileSecret?: (secret: string) => Promise<void>;
};

/**
 * A runner that records what would have run; `failAt` makes that call throw; `signupsOff` is what
 * the hosted Auth settings say; `verifyTurnstileSecret` answers the secret's check (default: accepted).
 */
export function recordingRunner({
  failAt,
  signupsOff = true,
  verifyTurnstileSecret,
}: Options = {}) {
  const calls: Call[] = [];
  let envFile: Record<string, string> | undefined;
  const record = async (call: Call) => {
    calls.push(call);
    if (calls.length === failAt) throw new Error('simulated failure');
  };
  return {
    calls,
    exec: (argv: string[], env?: Record<string, string>, withheld?: string[]) =>
      record({ argv, env, withheld, ...(envFile && { envFile }) }),
    withEnvFile: async (values: Record<string, string>, use: (file: string) => Promise<void>) => {
      envFile = values;
      await use('/tmp/deploy-secrets/secrets.env');
      envFile = undefined;
    },
    upsertVaultSecrets: (url: string, secrets: Record<string, string>) =>
      record({ vault: { url, secrets } }),
    authSettings: async (url: string, key: string) => {
      await record({ auth: { url, key } });
      return { disable_signup: signupsOff };
    },
    verifyTurnstileSecret: async (secret: string) => {
      await record({ turnstile: secret });
      await verifyTurnstileSecret?.(secret);
    },
  };
}

/** Runs `npm run deploy` with `args` and `env` on a recording runner: exit code, calls, output. */
export async function run(
  args: string[],
  env: Record<string, string | undefined>,
  options: Options & { distDir?: string } = {},
) {
  const runner = recordingRunner(options);
  const out: string[] = [];
  const err: string[] = [];
  const code = await deploy({
    args,
    env,
    runner,
    out: (line: string) => out.push(line),
    err: (line: string) => err.push(line),
    distDir: options.distDir,
  });
  return { code, calls: runner.calls, out: out.join('\n'), err: err.join('\n') };
}

/** A call as one short word: `astro build`, `auth`, `vault`, `turnstile` or its first five words. */
export const callName = (c: Call) =>
  c.argv ? c.argv.slice(0, 5).join(' ') : c.auth ? 'auth' : c.turnstile ? 'turnstile' : 'vault';
