// A stand-in for Cloudflare Turnstile's siteverify endpoint (Cloudflare cannot be reached from here),
// behaving as the real one where the function depends on it: a form-encoded POST with `secret`,
// `response` and optionally `remoteip`; answers 200 JSON `{ success, "error-codes", challenge_ts,
// hostname }`; a token is valid once, for 300 s ("timeout-or-duplicate" after either), an unknown one
// is "invalid-input-response", a wrong secret "invalid-input-secret". `issue()` plays the widget.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

const TOKEN_LIFETIME_MS = 300_000;

/**
 * Cloudflare's verdict on `form`: its error codes, none when the token passes (spent from then on).
 * @param {URLSearchParams} form
 * @param {string} secret
 * @param {Map<string, { issuedAt: number, spent: boolean }>} tokens
 */
function verdict(form, secret, tokens) {
  if (form.get('secret') !== secret) return ['invalid-input-secret'];
  const response = form.get('response');
  if (!response) return ['missing-input-response'];
  const token = tokens.get(response);
  if (!token) return ['invalid-input-response'];
  if (token.spent || Date.now() - token.issuedAt > TOKEN_LIFETIME_MS) {
    token.spent = true;
    return ['timeout-or-duplicate'];
  }
  token.spent = true;
  return [];
}

/**
 * Starts the stand-in on a free loopback port.
 * @param {string} secret the secret key it accepts (TURNSTILE_SECRET_KEY of the functions)
 */
export async function startTurnstileStandIn(secret) {
  /** @type {Map<string, { issuedAt: number, spent: boolean }>} */
  const tokens = new Map();
  /** @type {Array<{ response: string, remoteip: string | null }>} */
  const calls = [];

  const server = http.createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.method !== 'POST') return void res.writeHead(405).end();
    const form = new URLSearchParams(body);
    calls.push({ response: form.get('response') ?? '', remoteip: form.get('remoteip') });
    const errors = verdict(form, secret, tokens);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        success: errors.length === 0,
        'error-codes': errors,
        ...(errors.length === 0 && {
          challenge_ts: new Date().toISOString(),
          hostname: 'localhost',
          action: '',
          cdata: '',
        }),
      }),
    );
  });
  const listen = () => new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  let port = 0;
  await listen();
  port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;

  return {
    /** What the functions' TURNSTILE_VERIFY_URL must be. */
    url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`,
    /** A token as the widget gives it once solved, `ageMs` ago. */
    issue({ ageMs = 0 } = {}) {
      const token = `stand-in.${randomUUID()}`;
      tokens.set(token, { issuedAt: Date.now() - ageMs, spent: false });
      return token;
    },
    /** How many times `token` was sent for verification. */
    verifications: (token) => calls.filter((call) => call.response === token).length,
    /** The calls received, in order. */
    calls,
    /** Stops answering (connections refused), as during an outage. */
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
    /** Answers again, on the same port. */
    start: listen,
  };
}
