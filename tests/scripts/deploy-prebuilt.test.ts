// Issue 52, point 7: the production build runs where no secret is (`--build-only`, refused with one
// set) and the deploy job deploys that dist/ without building (`--prebuilt`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SUPABASE_CLI, VARIABLES } from '../../scripts/lib/deploy.mjs';
import { callName, PRODUCTION, run } from './support/deploy-runner';

/** The variables the production build reads: no secret among them. */
const BUILD_ENV = {
  SITE_URL: PRODUCTION.SITE_URL,
  SUPABASE_PROJECT_REF: PRODUCTION.SUPABASE_PROJECT_REF,
  PUBLIC_SUPABASE_KEY: PRODUCTION.PUBLIC_SUPABASE_KEY,
};

const built = mkdtempSync(join(tmpdir(), 'deploy-dist-'));
writeFileSync(join(built, 'index.html'), '<!doctype html><title>x</title>');
const empty = mkdtempSync(join(tmpdir(), 'deploy-empty-'));
mkdirSync(join(empty, 'dist'));
afterAll(() => {
  rmSync(built, { recursive: true });
  rmSync(empty, { recursive: true });
});

describe('deploy --build-only (CI’s build job, no secret)', () => {
  it('builds production’s site alone, from the build variables only', async () => {
    const { code, calls, out } = await run(['--build-only'], BUILD_ENV);
    expect(code).toBe(0);
    expect(calls.map(callName)).toEqual(['astro build']);
    expect(calls[0].env).toMatchObject({ DEPLOY_ENV: 'production', SITE_URL: BUILD_ENV.SITE_URL });
    expect(out).toContain('Deploying the production build (dist/ only) in 1 steps');
  });

  it('refuses to build with any secret in its environment, naming them', async () => {
    const { code, calls, err } = await run(['--build-only'], PRODUCTION);
    expect(code).toBe(1);
    expect(calls).toEqual([]);
    const secrets = VARIABLES.filter((v) => v.secret && v.name in PRODUCTION).map((v) => v.name);
    expect(err).toContain(`refuses to run with secrets in its environment (${secrets.join(', ')})`);
  });

  it('names a missing build variable', async () => {
    const { SITE_URL: _, ...rest } = BUILD_ENV;
    const { code, err } = await run(['--build-only'], rest);
    expect(code).toBe(1);
    expect(err).toContain('SITE_URL is not set');
    expect(err).not.toContain('RESEND_API_KEY');
  });
});

describe('deploy --prebuilt (CI’s deploy job)', () => {
  it('runs every production step but the build', async () => {
    const { code, calls } = await run(['--prebuilt'], PRODUCTION, { distDir: built });
    expect(code).toBe(0);
    const names = calls.map(callName);
    expect(names).not.toContain('astro build');
    expect(names[0]).toBe('auth');
    expect(names).toContain(`npx --yes ${SUPABASE_CLI} db push`);
    expect(names.at(-1)).toBe('wrangler deploy');
  });

  it('refuses without a built site, saying how to build one', async () => {
    const { code, calls, err } = await run(['--prebuilt'], PRODUCTION, {
      distDir: join(empty, 'dist'),
    });
    expect(code).toBe(1);
    expect(calls).toEqual([]);
    expect(err).toContain(
      'index.html does not exist: build it first (npm run deploy -- --build-only',
    );
  });

  it('refuses two modes at once', async () => {
    const both = await run(['--prebuilt', '--build-only'], PRODUCTION);
    expect(both.code).toBe(2);
    expect(both.err).toContain('exclude each other');
    expect((await run(['--preview', 'pr-1', '--prebuilt'], PRODUCTION)).code).toBe(2);
  });

  it('the command itself refuses --build-only with a secret set', { timeout: 30_000 }, () => {
    const result = spawnSync(process.execPath, ['scripts/deploy.mjs', '--build-only'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, ...BUILD_ENV, RESEND_API_KEY: 're_test_only' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--build-only refuses to run with secrets');
  });
});
