// Issue 52, point 4: `npm run deploy` refuses half a Turnstile configuration, checks the secret with
// Cloudflare before changing anything, and unsets function secrets no longer configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPABASE_CLI } from '../../scripts/lib/deploy.mjs';
import { FEATURE_CHECKS } from '../../scripts/lib/deploy-features.mjs';
import {
  DUMMY_TOKEN,
  turnstileKeyProblems,
  verifyTurnstileSecret,
} from '../../scripts/lib/deploy-turnstile.mjs';
import { startTurnstileStandIn } from '../backend/turnstile-stand-in.mjs';
import { callName, PRODUCTION, run } from './support/deploy-runner';

const SECRET = '0x4AAAAAAA-test-only-secret';
const SITE_KEY = '0x4AAAAAAA-test-only-site-key';
const TURNSTILE = {
  ...PRODUCTION,
  PUBLIC_TURNSTILE_SITE_KEY: SITE_KEY,
  TURNSTILE_SECRET_KEY: SECRET,
};

describe('deploy: the two Turnstile keys go together', () => {
  it('refuses the site key without the secret, in one line, running nothing', async () => {
    const { code, calls, err } = await run([], {
      ...PRODUCTION,
      PUBLIC_TURNSTILE_SITE_KEY: SITE_KEY,
    });
    expect(code).toBe(1);
    expect(calls).toEqual([]);
    const lines = err.split('\n').filter((line) => line.includes('TURNSTILE'));
    expect(lines).toEqual([
      '  - PUBLIC_TURNSTILE_SITE_KEY is set without TURNSTILE_SECRET_KEY: set both to turn Turnstile on, or delete both to turn it off.',
    ]);
  });

  it('refuses the secret without the site key, even in a dry run', async () => {
    const { code, err } = await run(['--dry-run'], { ...PRODUCTION, TURNSTILE_SECRET_KEY: SECRET });
    expect(code).toBe(1);
    expect(err).toContain('TURNSTILE_SECRET_KEY is set without PUBLIC_TURNSTILE_SITE_KEY');
  });

  it('accepts both or neither; a preview may build the widget alone', () => {
    expect(turnstileKeyProblems(TURNSTILE, 'production')).toEqual([]);
    expect(turnstileKeyProblems(PRODUCTION, 'production')).toEqual([]);
    expect(turnstileKeyProblems({ PUBLIC_TURNSTILE_SITE_KEY: SITE_KEY }, 'preview')).toEqual([]);
    expect(turnstileKeyProblems({ TURNSTILE_SECRET_KEY: ' ' }, 'production')).toEqual([]);
    expect(FEATURE_CHECKS).toContain(turnstileKeyProblems);
  });
});

describe('deploy: the Turnstile secret is checked before anything changes', () => {
  it('asks Cloudflare about the secret right after the Auth check', async () => {
    const { code, calls } = await run([], TURNSTILE);
    expect(code).toBe(0);
    expect(calls.map(callName).slice(0, 4)).toEqual([
      'astro build',
      'auth',
      'turnstile',
      `npx --yes ${SUPABASE_CLI} db push`,
    ]);
    expect(calls[2].turnstile).toBe(SECRET);
  });

  it('a refused secret stops the deploy before the migrations', async () => {
    const refuse = async () => {
      throw new Error('Cloudflare refuses TURNSTILE_SECRET_KEY (invalid-input-secret)');
    };
    const { code, calls, err } = await run([], TURNSTILE, { verifyTurnstileSecret: refuse });
    expect(code).toBe(1);
    expect(calls.map(callName)).toEqual(['astro build', 'auth', 'turnstile']);
    expect(err).toContain('Step 3 failed: Check the Turnstile secret with Cloudflare');
    expect(err).toContain('invalid-input-secret');
  });

  it('without Turnstile there is no check, and the plan never shows the secret', async () => {
    expect((await run([], PRODUCTION)).calls.map(callName)).not.toContain('turnstile');
    const { out } = await run(['--dry-run'], TURNSTILE);
    expect(out).toContain(`secret=$TURNSTILE_SECRET_KEY response=${DUMMY_TOKEN}`);
    expect(out).not.toContain(SECRET);
  });
});

describe('verifyTurnstileSecret against the siteverify stand-in', () => {
  let standIn: Awaited<ReturnType<typeof startTurnstileStandIn>>;
  beforeAll(async () => {
    standIn = await startTurnstileStandIn(SECRET);
  });
  afterAll(() => standIn.stop());

  it('accepts the secret siteverify answers invalid-input-response for', async () => {
    await expect(verifyTurnstileSecret(SECRET, { url: standIn.url })).resolves.toBeUndefined();
    expect(standIn.calls.at(-1)?.response).toBe(DUMMY_TOKEN);
  });

  it('refuses a wrong secret (invalid-input-secret) and says where to copy it', async () => {
    await expect(verifyTurnstileSecret('wrong', { url: standIn.url })).rejects.toThrow(
      /refuses TURNSTILE_SECRET_KEY \(invalid-input-secret\).*Cloudflare → Turnstile/,
    );
  });

  it('refuses an answer that is not a verdict, and an unreachable siteverify', async () => {
    const odd = async () => Response.json({ success: true, 'error-codes': [] });
    await expect(verifyTurnstileSecret(SECRET, { fetch: odd as typeof fetch })).rejects.toThrow(
      /unexpected answer for a dummy token: success=true/,
    );
    const down = async () => new Response('', { status: 503 });
    await expect(verifyTurnstileSecret(SECRET, { fetch: down as typeof fetch })).rejects.toThrow(
      /answered 503/,
    );
    await expect(
      verifyTurnstileSecret(SECRET, { url: 'http://127.0.0.1:9/turnstile/v0/siteverify' }),
    ).rejects.toThrow(/could not be reached/);
  });

  it('a deploy with a wrong secret stops at the check, against the stand-in', async () => {
    const check = (secret: string) => verifyTurnstileSecret(secret, { url: standIn.url });
    const wrong = { ...TURNSTILE, TURNSTILE_SECRET_KEY: 'wrong-test-only' };
    const refused = await run([], wrong, { verifyTurnstileSecret: check });
    expect(refused.code).toBe(1);
    expect(refused.calls.map(callName)).not.toContain(`npx --yes ${SUPABASE_CLI} db push`);
    expect((await run([], TURNSTILE, { verifyTurnstileSecret: check })).code).toBe(0);
  });
});

describe('deploy: function secrets no longer configured are unset', () => {
  const secretsCalls = async (env: Record<string, string>) => {
    const { calls } = await run([], env);
    const set = calls.find((c) => c.argv?.includes('set'));
    const unset = calls.find((c) => c.argv?.includes('unset'));
    return { set: Object.keys(set?.envFile ?? {}), unset: unset?.argv?.slice(7) ?? [] };
  };

  it('deleting both Turnstile values unsets the function secret', async () => {
    const off = await secretsCalls(PRODUCTION);
    expect(off.unset).toEqual(['NEWSLETTER_SECRET', 'TURNSTILE_SECRET_KEY', 'ALERT_SMTP_URL']);
    expect(off.set).not.toContain('TURNSTILE_SECRET_KEY');
    const on = await secretsCalls(TURNSTILE);
    expect(on.set).toContain('TURNSTILE_SECRET_KEY');
    expect(on.unset).toEqual(['NEWSLETTER_SECRET', 'ALERT_SMTP_URL']);
  });

  it('unsets after setting and before the functions, by name on the command line', async () => {
    const { out } = await run(['--dry-run'], PRODUCTION);
    const unset = out.indexOf(`${SUPABASE_CLI} secrets unset --remote=abcdefghijklmnopqrst --yes`);
    expect(unset).toBeGreaterThan(out.indexOf('secrets set'));
    expect(unset).toBeLessThan(out.indexOf('functions deploy'));
    const everything = {
      ...TURNSTILE,
      NEWSLETTER_SECRET: 'n-test-only',
      ALERT_SMTP_URL: 'smtps://u:p@smtp.example.net:465',
    };
    expect((await run(['--dry-run'], everything)).out).not.toContain('secrets unset');
  });
});
