// HS256 JWT verification with `jose`, answered with PostgREST's error codes and wording.
import { errors, jwtVerify } from 'jose';

/** A token PostgREST would refuse; `code` is PGRST301 or PGRST303. */
export class JwtError extends Error {
  /** @param {string} code @param {string} message @param {string|null} [details] */
  constructor(code, message, details = null) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

/** PostgREST's clock skew for exp / nbf / iat. */
const SKEW_SECONDS = 30;

/**
 * Verifies an HS256 JWT and returns its claims.
 * @param {string} token
 * @param {string} secret
 * @returns {Promise<Record<string, unknown>>}
 * @throws {JwtError}
 */
export async function verifyJwt(token, secret) {
  if (token === '') throw new JwtError('PGRST301', 'Empty JWT is sent in Authorization header');
  const parts = token.split('.').length;
  if (parts !== 3) throw new JwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      clockTolerance: SKEW_SECONDS,
    });
    return payload;
  } catch (error) {
    throw toPostgrestError(error);
  }
}

/** @param {unknown} error */
function toPostgrestError(error) {
  if (error instanceof errors.JWTExpired) return new JwtError('PGRST303', 'JWT expired');
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'nbf') return new JwtError('PGRST303', 'JWT not yet valid');
    if (error.claim === 'iat') return new JwtError('PGRST303', 'JWT issued at future');
    return new JwtError('PGRST303', `The JWT '${error.claim}' claim must be a number`);
  }
  if (error instanceof errors.JWTInvalid) return new JwtError('PGRST303', 'Parsing claims failed');
  if (error instanceof errors.JOSEAlgNotAllowed)
    return new JwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new JwtError(
      'PGRST301',
      'No suitable key or wrong key type',
      'None of the keys was able to decode the JWT',
    );
  return new JwtError('PGRST301', 'JWT cryptographic operation failed');
}
