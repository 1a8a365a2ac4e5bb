import { corsHeaders } from './cors.ts';

/**
 * JSON response carrying the CORS headers (every function response must have them, errors included,
 * or the browser hides the answer as a network error).
 */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return Response.json(body, { status, headers: { ...corsHeaders, ...headers } });
}

/** JSON error response: `{ "error": message }`. */
export function errorResponse(
  status: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse({ error: message }, status, headers);
}

/** Largest JSON body the functions accept, in bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/** Reads at most `limit` bytes of the body as text; null when it is longer. */
export async function readCapped(req: Request, limit: number): Promise<string | null> {
  if (Number(req.headers.get('content-length') ?? '0') > limit) return null;
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * Reads a JSON request body: only `application/json` (so no page can fire the function without a
 * CORS preflight), at most MAX_BODY_BYTES, valid JSON. Otherwise the JSON error response to send.
 */
export async function readJson(
  req: Request,
  limit = MAX_BODY_BYTES,
): Promise<{ body: unknown } | { response: Response }> {
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    return { response: errorResponse(415, 'Send the request body as application/json.') };
  }
  const text = await readCapped(req, limit);
  if (text === null) {
    return { response: errorResponse(413, `Request body must be at most ${limit} bytes.`) };
  }
  try {
    return { body: JSON.parse(text) };
  } catch {
    return { response: errorResponse(400, 'Request body must be valid JSON.') };
  }
}
