// PostgREST's error responses: compact 4-key JSON, status mapping, headers.

/** An error answered as PostgREST would. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   * @param {{ details?: string|null, hint?: string|null, headers?: Record<string,string> }} [extra]
   */
  constructor(status, code, message, { details = null, hint = null, headers = {} } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  /** Body with keys in PostgREST's (alphabetical) order. */
  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

/**
 * HTTP status PostgREST gives a PostgreSQL error (v14.12 Error.hs pgErrorStatus).
 * @param {string} sqlState
 * @param {string} message
 * @param {boolean} authed true when the role is not `anon`
 */
export function pgErrorStatus(sqlState, message, authed) {
  const code = sqlState ?? '';
  if (code === '42501') return authed ? 403 : 401;
  if (code === '23505' || code === '23503') return 409;
  if (code === '22023') return /^role ".*" does not exist$/.test(message) ? 401 : 400;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  if (code.startsWith('PT')) return Number(code.slice(2)) || 500;
  if (code.startsWith('08')) return 503;
  if (code === '53400') return 500;
  if (code.startsWith('53') || code === '57P01') return 503;
  if (
    ['25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0', 'HV', 'P0', 'XX', '09'].some(
      (p) => code.startsWith(p),
    )
  )
    return 500;
  if (code === '42P17') return 500;
  if (['0L', '0P', '28'].some((p) => code.startsWith(p))) return 403;
  return 400;
}

/**
 * Converts an error thrown by `pg` into PostgREST's answer.
 * @param {any} error
 * @param {boolean} authed
 */
export function fromPgError(error, authed) {
  if (error?.code === 'PGRST') return fromRaisedHttpError(error);
  if (!error?.code) {
    return new ApiError(503, 'PGRST000', 'Database client error. Retrying the connection.', {
      details: String(error?.message ?? error),
    });
  }
  const status = pgErrorStatus(error.code, error.message, authed);
  const headers = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new ApiError(status, error.code, error.message, {
    details: error.detail ?? null,
    hint: error.hint ?? null,
    headers,
  });
}

/**
 * Writes a PostgREST error response.
 * @param {import('node:http').ServerResponse} res
 * @param {ApiError} error
 */
export function sendApiError(res, error) {
  const body = JSON.stringify(error);
  res.writeHead(error.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Proxy-Status': `PostgREST; error=${error.code}`,
    ...error.headers,
  });
  res.end(body);
}

/**
 * `RAISE SQLSTATE 'PGRST' USING message = '{"code","message","details","hint"}', detail =
 * '{"status","headers"}'`: PostgREST answers with that status, body and headers (PostgREST >= 11).
 * @param {any} error
 */
function fromRaisedHttpError(error) {
  try {
    const body = JSON.parse(error.message);
    const { status = 400, headers = {} } = error.detail ? JSON.parse(error.detail) : {};
    return new ApiError(status, body.code ?? 'PGRST', body.message ?? '', {
      details: body.details ?? null,
      hint: body.hint ?? null,
      headers,
    });
  } catch {
    return new ApiError(
      500,
      'PGRST121',
      'Could not parse JSON in the "RAISE SQLSTATE \'PGRST\'" error',
      {
        details: String(error.message),
      },
    );
  }
}
