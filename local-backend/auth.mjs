// API keys and roles, as the Supabase CLI's gateway (Kong) and PostgREST resolve them.
import { ANON_KEY, JWT_SECRET, PUBLISHABLE_KEY, SECRET_KEY, SERVICE_ROLE_KEY } from './config.mjs';
import { JwtError, verifyJwt } from './jwt.mjs';
import { ApiError } from './pgrst-errors.mjs';

const ACCEPTED_KEYS = new Set([ANON_KEY, PUBLISHABLE_KEY, SERVICE_ROLE_KEY, SECRET_KEY]);

/** A refusal by the API gateway itself (hosted wording; no `code`/`details`). */
export class GatewayError extends Error {
  /** @param {number} status @param {string} message @param {string} hint */
  constructor(status, message, hint) {
    super(message);
    this.status = status;
    this.hint = hint;
  }
  toJSON() {
    return { message: this.message, hint: this.hint };
  }
}

/**
 * Resolves the database role of a request.
 * 1. `apikey` (header or ?apikey=) must be one of the local keys, else 401 like the hosted gateway.
 * 2. Authorization as the CLI's Kong rewrites it: the caller's unless it is `Bearer sb_…`; a secret key
 *    becomes the service_role JWT, a publishable key the anon JWT, otherwise the raw apikey (no token).
 * 3. A Bearer token must be a valid HS256 JWT (PGRST301/303); its `role` claim wins, else `anon`.
 * @param {import('node:http').IncomingMessage} req
 * @param {URL} url
 * @returns {Promise<{ role: string, claims: Record<string, unknown> }>}
 * @throws {GatewayError | ApiError}
 */
export async function resolveRole(req, url) {
  const apikey = headerValue(req, 'apikey') ?? url.searchParams.get('apikey');
  if (!apikey)
    throw new GatewayError(
      401,
      'No API key found in request',
      'No `apikey` request header or url param was found.',
    );
  if (!ACCEPTED_KEYS.has(apikey))
    throw new GatewayError(
      401,
      'Invalid API key',
      'Double check your Supabase `anon` or `service_role` API key.',
    );

  const incoming = headerValue(req, 'authorization');
  let authorization = apikey;
  if (incoming && !/^bearer sb_/i.test(incoming)) authorization = incoming;
  else if (apikey === SECRET_KEY) authorization = `Bearer ${SERVICE_ROLE_KEY}`;
  else if (apikey === PUBLISHABLE_KEY) authorization = `Bearer ${ANON_KEY}`;

  const bearer = /^bearer(?:\s+(.*))?$/i.exec(authorization);
  if (!bearer) return { role: 'anon', claims: { role: 'anon' } };
  try {
    const claims = await verifyJwt((bearer[1] ?? '').trim(), JWT_SECRET);
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
    return { role, claims: { ...claims, role } };
  } catch (error) {
    if (!(error instanceof JwtError)) throw error;
    throw new ApiError(401, error.code, error.message, {
      details: error.details,
      headers: {
        'WWW-Authenticate': `Bearer error="invalid_token", error_description="${error.message}"`,
      },
    });
  }
}

/**
 * First value of a request header.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} name lower-case header name
 */
export function headerValue(req, name) {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
