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
