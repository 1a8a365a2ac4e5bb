/**
 * Optional Cloudflare Turnstile check (off unless TURNSTILE_SECRET_KEY is set): the form sends the
 * widget's token with the row; send-contact-email verifies it once, at the row's first mail attempt,
 * and stores the verdict (`private.record_captcha_verdict`). Why: docs/decisions/contact.md.
 */

/**
 * What Turnstile said of a token: 'passed'; 'refused' (not a token it issued); 'expired' (older than
 * 300 s, or already verified once). The function adds 'missing' (no token) and 'unavailable'
 * (siteverify unreachable, too slow, or refusing our secret).
 */
export type CaptchaVerdict = 'passed' | 'refused' | 'expired' | 'missing' | 'unavailable';

/** Verifies a token; rejects when Turnstile cannot give a verdict on it (the verdict 'unavailable'). */
export type CaptchaVerifier = (
  token: string,
  remoteIp: string | null,
) => Promise<'passed' | 'refused' | 'expired'>;

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** How long siteverify may take: well under the 2-minute claim of a row. */
export const TURNSTILE_TIMEOUT_MS = 10_000;

/**
 * Turnstile's siteverify endpoint as a verifier.
 * @param secret TURNSTILE_SECRET_KEY
 * @param fetchImpl fetch (a fake in tests)
 * @param endpoint TURNSTILE_VERIFY_URL overrides it (a stand-in)
 * @param timeoutMs abort the call after this long
 */
export function createTurnstileVerifier(
  secret: string,
  fetchImpl: typeof fetch = fetch,
  endpoint = SITEVERIFY,
  timeoutMs = TURNSTILE_TIMEOUT_MS,
): CaptchaVerifier {
  return async (token, remoteIp) => {
    const form = new URLSearchParams({ secret, response: token });
    if (remoteIp) form.set('remoteip', remoteIp);
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`Turnstile siteverify answered ${response.status}`);
    const result = (await response.json()) as { success?: boolean; 'error-codes'?: string[] };
    if (result.success === true) return 'passed';
    const codes = result['error-codes'] ?? [];
    if (codes.includes('timeout-or-duplicate')) return 'expired';
    if (codes.includes('invalid-input-response')) return 'refused';
    // missing/invalid secret, bad request, internal error: no verdict on the token itself.
    throw new Error(`Turnstile siteverify gave no verdict: ${codes.join(', ') || 'no error code'}`);
  };
}

/**
 * The verdict on a stored row's token: 'missing' without one, 'unavailable' when the verifier
 * rejects (logged).
 */
export async function captchaVerdict(
  verify: CaptchaVerifier,
  token: string | null,
  remoteIp: string | null,
  logError: (...args: unknown[]) => void,
): Promise<CaptchaVerdict> {
  if (!token) return 'missing';
  return verify(token, remoteIp).catch((error) => {
    logError('send-contact-email: Turnstile verification failed:', error);
    return 'unavailable' as const;
  });
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
