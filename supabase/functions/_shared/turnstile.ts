/**
 * Optional Cloudflare Turnstile check (off unless TURNSTILE_SECRET_KEY is set): the form sends the
 * widget's token with the row, and the function verifies it once before mailing.
 */

/** Verifies a token; resolves true when Cloudflare accepts it. */
export type CaptchaVerifier = (token: string, remoteIp: string | null) => Promise<boolean>;

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/**
 * Turnstile's siteverify endpoint as a verifier.
 * @param secret TURNSTILE_SECRET_KEY
 * @param fetchImpl fetch (a fake in tests)
 * @param endpoint TURNSTILE_VERIFY_URL overrides it (a stub)
 */
export function createTurnstileVerifier(
  secret: string,
  fetchImpl: typeof fetch = fetch,
  endpoint = SITEVERIFY,
): CaptchaVerifier {
  return async (token, remoteIp) => {
    const form = new URLSearchParams({ secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    const response = await fetchImpl(endpoint, { method: 'POST', body: form });
    if (!response.ok) throw new Error(`Turnstile siteverify answered ${response.status}`);
    const result = (await response.json()) as { success?: boolean };
    return result.success === true;
  };
}

/** The verifier configured by the environment, or null (Turnstile off). */
export function turnstileFromEnv(
  env: Record<string, string | undefined>,
  fetchImpl: typeof fetch = fetch,
): CaptchaVerifier | null {
  const secret = env.TURNSTILE_SECRET_KEY?.trim();
  return secret
    ? createTurnstileVerifier(secret, fetchImpl, env.TURNSTILE_VERIFY_URL || SITEVERIFY)
    : null;
}
