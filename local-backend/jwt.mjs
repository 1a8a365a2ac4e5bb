// Minimal HS256 JWT verification with PostgREST's error wording (contract §2.4, §3.1).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** A token PostgREST would refuse; `code` is PGRST301 or PGRST303. */
export class JwtError extends Error {
  /** @param {string} code @param {string} message @param {string|null} [details] */
  constructor(code, message, details = null) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

const SKEW_SECONDS = 30;

/** @param {string} part */
function decodeJson(part) {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

/**
 * Verifies an HS256 JWT and returns its claims.
 * @param {string} token
 * @param {string} secret
 * @param {number} [nowSeconds]
 * @returns {Record<string, unknown>}
 * @throws {JwtError}
 */
export function verifyJwt(token, secret, nowSeconds = Math.floor(Date.now() / 1000)) {
  if (token === '') throw new JwtError('PGRST301', 'Empty JWT is sent in Authorization header');
  const parts = token.split('.');
  if (parts.length !== 3)
    throw new JwtError('PGRST301', `Expected 3 parts in JWT; got ${parts.length}`);
  let header;
  let claims;
  try {
    header = decodeJson(parts[0]);
    claims = decodeJson(parts[1]);
  } catch {
    throw new JwtError('PGRST301', 'JWT cryptographic operation failed');
  }
  if (header.alg !== 'HS256')
    throw new JwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError(
      'PGRST301',
      'No suitable key or wrong key type',
      'None of the keys was able to decode the JWT',
    );
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) {
    throw new JwtError('PGRST303', 'Parsing claims failed');
  }
  for (const key of ['exp', 'nbf', 'iat']) {
    if (key in claims && typeof claims[key] !== 'number') {
      throw new JwtError('PGRST303', `The JWT '${key}' claim must be a number`);
    }
  }
  if (typeof claims.exp === 'number' && nowSeconds > claims.exp + SKEW_SECONDS)
    throw new JwtError('PGRST303', 'JWT expired');
  if (typeof claims.nbf === 'number' && nowSeconds < claims.nbf - SKEW_SECONDS)
    throw new JwtError('PGRST303', 'JWT not yet valid');
  if (typeof claims.iat === 'number' && nowSeconds < claims.iat - SKEW_SECONDS)
    throw new JwtError('PGRST303', 'JWT issued at future');
  return claims;
}

/**
 * Signs claims as an HS256 JWT (used by tests to mint user tokens).
 * @param {Record<string, unknown>} claims
 * @param {string} secret
 */
export function signJwt(claims, secret) {
  const head = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}
