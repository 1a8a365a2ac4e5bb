import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  authSignupsOff,
  EDGE_FUNCTIONS,
  FUNCTION_SECRETS,
  SUPABASE_CLI,
  VARIABLES,
} from '../../scripts/lib/deploy.mjs';
import { callName, PRODUCTION, run } from './support/deploy-runner';

// Each test starts Node on the script: on a loaded machine that alone can take seconds.
describe('npm run deploy -- --dry-run (the command itself)', { timeout: 30_000 }, () => {
  const cli = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['scripts/deploy.mjs', '--dry-run'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ...env },
    });

  it('names a missing variable, exits non-zero, names no variable that is set', () => {
    const { RESEND_API_KEY: _, ...withoutResend } = PRODUCTION;
    const result = cli(withoutResend);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('RESEND_API_KEY is not set');
    expect(result.stderr).not.toContain('CONTACT_TO');
    expect(result.stdout).not.toContain('Dry run');
  });

  it('with every variable set, prints the plan and exits 0', () => {
    const result = cli(PRODUCTION);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Dry run: would deploy production in 9 steps');
    expect(result.stdout).toContain('Nothing was built or deployed');
  });
});

describe('deploy plan', () => {
  it('names every missing required variable, one line each, and runs nothing', async () => {
    const { code, calls, err } = await run(['--dry-run'], {});
    expect(code).toBe(1);
    expect(calls).toEqual([]);
    const required = VARIABLES.filter((v) => v.targets.includes('production'));
    expect(required.length).toBeGreaterThan(5);
    for (const { name } of required) expect(err).toContain(`- ${name} is not set: `);
    expect(err).not.toContain('NEWSLETTER_SECRET'); // optional
  });

  it('refuses values of the wrong shape with what is wrong', async () => {
    const { code, err } = await run(['--dry-run'], {
      ...PRODUCTION,
      SITE_URL: 'http://www.agence-exemple.fr',
      SUPABASE_PROJECT_REF: 'ABC',
      PUBLIC_SUPABASE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
      SUPABASE_ACCESS_TOKEN: 'eyJhbGciOi',
    });
    expect(code).toBe(1);
    expect(err).toContain('SITE_URL must be an https:// URL');
    expect(err).toContain('SUPABASE_PROJECT_REF must be 20 lower-case letters');
    expect(err).toContain('PUBLIC_SUPABASE_KEY is the local demo key');
    expect(err).toContain('SUPABASE_ACCESS_TOKEN must start with sbp_');
  });

  it('a dry run prints each step in order, no secret value, and runs nothing', async () => {
    const { code, calls, out } = await run(['--dry-run'], PRODUCTION);
    expect(code).toBe(0);
    expect(calls).toEqual([]);
    const order = [
      'astro build',
      'GET https://abcdefghijklmnopqrst.supabase.co/auth/v1/settings',
      `SUPABASE_DB_PASSWORD=<password of $SUPABASE_DB_URL> npx ${SUPABASE_CLI} db push --remote=abcdefghijklmnopqrst --yes`,
      'upsert vault.secrets project_url=https://abcdefghijklmnopqrst.supabase.co',
      `${SUPABASE_CLI} secrets set --remote=abcdefghijklmnopqrst --yes --env-file <CONTACT_TO=$CONTACT_TO`,
      `functions deploy ${EDGE_FUNCTIONS.join(' ')} --remote=abcdefghijklmnopqrst`,
      'wrangler deploy',
    ].map((text) => out.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    // every function folder is deployed, the no-JavaScript form endpoint included
    expect(EDGE_FUNCTIONS).toEqual(['form-post', 'newsletter', 'send-contact-email']);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const secret of VARIABLES.filter((v) => v.secret)) {
      const value = PRODUCTION[secret.name as keyof typeof PRODUCTION];
      if (value) expect(out).not.toContain(value);
    }
  });

  it('a real run runs the steps in order; the vault gets both secrets', async () => {
    const { code, calls } = await run([], PRODUCTION);
    expect(code).toBe(0);
    expect(calls.map(callName)).toEqual([
      'astro build',
      'auth',
      `npx --yes ${SUPABASE_CLI} db push`,
      'vault',
      'node scripts/privacy.mjs periods',
      `npx --yes ${SUPABASE_CLI} secrets set`,
      `npx --yes ${SUPABASE_CLI} secrets unset`,
      `npx --yes ${SUPABASE_CLI} functions deploy`,
      'wrangler deploy',
    ]);
    expect(calls[0].env).toMatchObject({
      DEPLOY_ENV: 'production',
      PUBLIC_SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
      PUBLIC_SUPABASE_KEY: PRODUCTION.PUBLIC_SUPABASE_KEY,
      SITE_URL: PRODUCTION.SITE_URL,
    });
    expect(calls[1].auth).toEqual({
      url: 'https://abcdefghijklmnopqrst.supabase.co',
      key: PRODUCTION.PUBLIC_SUPABASE_KEY,
    });
    // The database password reaches the CLI in its environment, never on its command line.
    expect(calls[2].argv).toContain('--remote=abcdefghijklmnopqrst');
    expect(calls[2].env).toEqual({ SUPABASE_DB_PASSWORD: 'pw-test-only' });
    expect(calls[3].vault).toEqual({
      url: PRODUCTION.SUPABASE_DB_URL,
      secrets: {
        project_url: 'https://abcdefghijklmnopqrst.supabase.co',
        publishable_key: PRODUCTION.PUBLIC_SUPABASE_KEY,
      },
    });
    expect(calls[4].env).toEqual({ SUPABASE_DB_URL: PRODUCTION.SUPABASE_DB_URL });
    expect(calls[5].argv?.slice(-2)).toEqual(['--env-file', '/tmp/deploy-secrets/secrets.env']);
    expect(calls[5].envFile).toMatchObject({
      CONTACT_FROM: PRODUCTION.CONTACT_FROM,
      SITE_URL: PRODUCTION.SITE_URL,
      RESEND_API_KEY: PRODUCTION.RESEND_API_KEY,
    });
    expect(Object.keys(calls[5].envFile ?? {})).not.toContain('TURNSTILE_SECRET_KEY');
  });

  it('each command sees only its secrets, none on its command line', async () => {
    const { calls } = await run([], PRODUCTION);
    const secrets = VARIABLES.filter((v) => v.secret).map((v) => v.name);
    const seen = (call: (typeof calls)[number]) =>
      secrets.filter((name) => !call.withheld?.includes(name) || call.env?.[name]);
    const commands = calls.filter((call) => call.argv);
    expect(commands.map(seen)).toEqual([
      [], // astro build
      ['SUPABASE_ACCESS_TOKEN'], // db push (the password alone, in SUPABASE_DB_PASSWORD)
      ['SUPABASE_DB_URL'], // retention periods
      ['SUPABASE_ACCESS_TOKEN'], // secrets set (values in the file)
      ['SUPABASE_ACCESS_TOKEN'], // secrets unset (names only)
      ['SUPABASE_ACCESS_TOKEN'], // functions deploy
      ['CLOUDFLARE_API_TOKEN'], // wrangler deploy
    ]);
    for (const call of commands) {
      for (const name of secrets) {
        const secret = PRODUCTION[name as keyof typeof PRODUCTION];
        if (secret) expect(call.argv?.join(' ')).not.toContain(secret);
      }
      expect(call.argv?.join(' ')).not.toContain('pw-test-only');
    }
  });

  it('stops at the first failing step and says which one', async () => {
    const { code, calls, err } = await run([], PRODUCTION, { failAt: 3 });
    expect(code).toBe(1);
    expect(calls).toHaveLength(3);
    expect(err).toContain('Step 3 failed: Apply the database migrations');
    expect(err).toContain('simulated failure');
    expect(err).toContain('Steps 1–2 are done');
  });

  it('a pull-request preview builds and uploads a preview only, with fewer variables', async () => {
    const {
      SUPABASE_DB_URL: _d,
      RESEND_API_KEY: _r,
      SUPABASE_ACCESS_TOKEN: _t,
      ...previewEnv
    } = PRODUCTION;
    const { code, calls } = await run(['--preview', 'pr-12'], previewEnv);
    expect(code).toBe(0);
    expect(calls.map((c) => c.argv?.join(' '))).toEqual([
      'astro build',
      'wrangler versions upload --preview-alias pr-12',
    ]);
  });

  it('stops before the migrations when the hosted project lets anyone sign up', async () => {
    const { code, calls, err } = await run([], PRODUCTION, { signupsOff: false });
    expect(code).toBe(1);
    expect(calls.map((c) => (c.auth ? 'auth' : c.argv?.[0]))).toEqual(['astro', 'auth']);
    expect(err).toContain('Step 2 failed: Check that Supabase Auth sign-ups are off');
    expect(err).toContain('Allow new users to sign up');
  });

  it('refuses to deploy when supabase/config.toml does not turn sign-ups off', () => {
    expect(authSignupsOff(readFileSync('supabase/config.toml', 'utf8'))).toBe(true);
    const on = readFileSync('supabase/config.toml', 'utf8').replace(
      /enable_signup = false/,
      'enable_signup = true',
    );
    expect(authSignupsOff(on)).toBe(false);
    expect(authSignupsOff('[auth]\nenabled = true\n')).toBe(false);
    expect(authSignupsOff('[auth]\n[auth.email]\nenable_signup = false\n')).toBe(false);
  });

  it('warns when production runs without Turnstile or without a second mail route', async () => {
    const bare = await run(['--dry-run'], PRODUCTION);
    expect(bare.out).toContain('TURNSTILE_SECRET_KEY is not set');
    expect(bare.out).toContain('ALERT_SMTP_URL is not set');
    const full = await run(['--dry-run'], {
      ...PRODUCTION,
      TURNSTILE_SECRET_KEY: 'turnstile-test-only',
      ALERT_SMTP_URL: 'smtps://u:p@smtp.example.net:465',
    });
    expect(full.out).not.toMatch(/TURNSTILE_SECRET_KEY is not set|ALERT_SMTP_URL is not set/);
  });

  it('refuses an unknown argument and a bad preview name', async () => {
    expect((await run(['--dryrun'], PRODUCTION)).err).toContain('Unknown argument "--dryrun"');
    const bad = await run(['--preview', 'PR 12'], PRODUCTION);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--preview needs a name');
  });

  it('sets every secret of supabase/functions/.env.example but the local SMTP_URL', () => {
    const documented = [
      ...readFileSync('supabase/functions/.env.example', 'utf8').matchAll(
        /^#?\s*([A-Z][A-Z0-9_]+)=/gm,
      ),
    ].map((m) => m[1]);
    expect(documented).toContain('RESEND_API_KEY');
    expect(documented.filter((name) => name !== 'SMTP_URL').sort()).toEqual(
      [...FUNCTION_SECRETS].sort(),
    );
  });
});
