// Turnstile at deploy time (issue 52, point 4): the two keys go together, and the secret is checked
// against siteverify before anything is deployed, so a misconfigured check is refused, never silent.
import { value } from './deploy-variables.mjs';

/** Cloudflare's siteverify endpoint (developers.cloudflare.com/turnstile/get-started/server-side-validation). */
export const SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** A token no widget ever issued: a valid secret gets `invalid-input-response` for it. */
export const DUMMY_TOKEN = 'npm-run-deploy.secret-check.not-a-token';

/**
 * The build's site key and the function's secret are on together or off together: one line when
 * exactly one of them is set (production only: a preview builds the widget against no function).
 * @param {Record<string, string | undefined>} env
 * @param {'production' | 'preview'} target
 * @returns {string[]}
 */
export function turnstileKeyProblems(env, target) {
  if (target !== 'production') return [];
  const site = value(env, 'PUBLIC_TURNSTILE_SITE_KEY');
  const secret = value(env, 'TURNSTILE_SECRET_KEY');
  if (Boolean(site) === Boolean(secret)) return [];
  const [set, unset] = site
    ? ['PUBLIC_TURNSTILE_SITE_KEY', 'TURNSTILE_SECRET_KEY']
    : ['TURNSTILE_SECRET_KEY', 'PUBLIC_TURNSTILE_SITE_KEY'];
  return [
    `${set} is set without ${unset}: set both to turn Turnstile on, or delete both to turn it off.`,
  ];
}

/**
 * Asks siteverify about DUMMY_TOKEN with `secret`; resolves when the secret is accepted (the answer
 * is `invalid-input-response`), throws a one-line English reason otherwise.
 * @param {string} secret
 * @param {{ url?: string, fetch?: typeof fetch }} [options]
 */
export async function verifyTurnstileSecret(
  secret,
  { url = SITEVERIFY_URL, fetch: get = fetch } = {},
) {
  let res;
  try {
    res = await get(url, {
      method: 'POST',
      body: new URLSearchParams({ secret, response: DUMMY_TOKEN }),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (error) {
    throw new Error(`Turnstile siteverify (${url}) could not be reached: ${error.message}.`);
  }
  if (!res.ok) throw new Error(`Turnstile siteverify (${url}) answered ${res.status}.`);
  const body = await res.json().catch(() => ({}));
  const codes = Array.isArray(body['error-codes']) ? body['error-codes'] : [];
  if (body.success === false && codes.includes('invalid-input-response')) return;
  if (codes.includes('invalid-input-secret') || codes.includes('missing-input-secret'))
    throw new Error(
      'Cloudflare refuses TURNSTILE_SECRET_KEY (invalid-input-secret): copy the secret key of the widget whose site key is PUBLIC_TURNSTILE_SITE_KEY (Cloudflare → Turnstile → the widget → Settings).',
    );
  throw new Error(
    `Turnstile siteverify gave an unexpected answer for a dummy token: success=${body.success}, error-codes=${codes.join(', ') || 'none'}.`,
  );
}

/**
 * The step that checks TURNSTILE_SECRET_KEY before anything changes (only when it is set).
 * @param {Record<string, string | undefined>} env
 */
export function turnstileSecretSteps(env) {
  const secret = value(env, 'TURNSTILE_SECRET_KEY');
  if (!secret) return [];
  return [
    {
      title: 'Check the Turnstile secret with Cloudflare (a dummy token must be refused as such)',
      shown: `POST ${SITEVERIFY_URL}  secret=$TURNSTILE_SECRET_KEY response=${DUMMY_TOKEN}  (expects invalid-input-response)`,
      secrets: [],
      run: (runner) => runner.verifyTurnstileSecret(secret),
    },
  ];
}
