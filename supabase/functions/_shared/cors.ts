/**
 * CORS headers for every Edge Function response (same list as `@supabase/supabase-js/cors`,
 * supabase-js >= 2.95). Browsers call the functions cross-origin from the static site.
 */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers':
    'authorization, x-client-info, apikey, content-type, x-retry-count, traceparent, tracestate, baggage',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
};
