/**
 * Where the browser reaches Supabase: `PUBLIC_SUPABASE_URL` and `PUBLIC_SUPABASE_KEY`.
 *
 * Without them the site talks to the local stand-in (`npm run backend`, or `supabase start`) with the
 * Supabase CLI's PUBLIC LOCAL DEMO publishable key — published in Supabase's documentation, valid only
 * against a local stack, never a secret. A production build must name its project: it is signalled by
 * `DEPLOY_ENV=production` or by the static host's own `CONTEXT=production` (Netlify's production
 * deploys), and then a missing variable stops the build with a message naming it.
 */

/** Local Supabase API (embedded stand-in or `supabase start`). */
export const LOCAL_SUPABASE_URL = 'http://127.0.0.1:54321';
/** Supabase CLI's public local demo publishable key: only valid against a local stack. */
export const LOCAL_SUPABASE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

export interface SupabaseConfig {
  url: string;
  key: string;
}

/** The environment variables read here (all optional); other variables are ignored. */
export interface SupabaseEnv {
  PUBLIC_SUPABASE_URL?: string;
  PUBLIC_SUPABASE_KEY?: string;
  DEPLOY_ENV?: string;
  CONTEXT?: string;
  [name: string]: unknown;
}

/** True when the build is a production deploy (`DEPLOY_ENV=production` or `CONTEXT=production`). */
export function isProductionDeploy(env: SupabaseEnv): boolean {
  return env.DEPLOY_ENV?.trim() === 'production' || env.CONTEXT?.trim() === 'production';
}

/**
 * The Supabase URL and public key for the browser.
 * @throws Error naming PUBLIC_SUPABASE_URL / PUBLIC_SUPABASE_KEY when a production deploy lacks them,
 *   or when PUBLIC_SUPABASE_URL is not an http(s) URL.
 * @example resolveSupabaseConfig({}) // → { url: 'http://127.0.0.1:54321', key: 'sb_publishable_…' }
 */
export function resolveSupabaseConfig(env: SupabaseEnv): SupabaseConfig {
  const url = env.PUBLIC_SUPABASE_URL?.trim() || '';
  const key = env.PUBLIC_SUPABASE_KEY?.trim() || '';
  if (isProductionDeploy(env)) {
    const missing = [!url && 'PUBLIC_SUPABASE_URL', !key && 'PUBLIC_SUPABASE_KEY'].filter(Boolean);
    if (missing.length) {
      throw new Error(
        `Production build without ${missing.join(' and ')}: set ${missing.join(' and ')} to your Supabase ` +
          'project URL and publishable (or anon) key. The local demo defaults only work against a local stack.',
      );
    }
  }
  const resolvedUrl = (url || LOCAL_SUPABASE_URL).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/\s]+/.test(resolvedUrl)) {
    throw new Error(`PUBLIC_SUPABASE_URL must be an http(s) URL, got "${resolvedUrl}".`);
  }
  return { url: resolvedUrl, key: key || LOCAL_SUPABASE_KEY };
}

/**
 * Where the site's forms post without JavaScript: the `form-post` Edge Function (the only form target
 * besides the site that the Content-Security-Policy allows, see src/integrations/security-headers.ts).
 */
export function formPostUrl({ url }: SupabaseConfig): string {
  return `${url}/functions/v1/form-post`;
}

/** The configuration baked into the browser bundle (Vite replaces `import.meta.env.PUBLIC_*`). */
export function browserSupabaseConfig(): SupabaseConfig {
  return resolveSupabaseConfig({
    PUBLIC_SUPABASE_URL: import.meta.env.PUBLIC_SUPABASE_URL,
    PUBLIC_SUPABASE_KEY: import.meta.env.PUBLIC_SUPABASE_KEY,
  });
}

/** The answer of an insert, as postgrest-js resolves it. */
export interface InsertResult {
  error: { code?: string; message?: string; details?: string | null } | null;
  status?: number;
}
/** The two calls the forms make (lets tests pass a fake): insert a row, invoke a function. */
export interface FormsClient {
  from(table: string): { insert(row: Record<string, unknown>): PromiseLike<InsertResult> };
  functions: {
    invoke(
      name: string,
      options: { body: Record<string, unknown> },
    ): Promise<{ data?: unknown; error: unknown }>;
  };
}

/** True for the new-format keys (`sb_publishable_…`, `sb_secret_…`). */
export function isNewApiKey(key: string): boolean {
  return key.startsWith('sb_');
}

/**
 * The forms' client: `@supabase/postgrest-js` for the insert and `@supabase/functions-js` for the
 * function, with the headers supabase-js sends (the gateway sees no difference): `apikey` everywhere,
 * `Authorization: Bearer <key>` on REST, and on functions only for a legacy JWT key. No auth,
 * realtime or storage code: a small part of supabase-js's bytes.
 */
export async function createFormsClient(config: SupabaseConfig): Promise<FormsClient> {
  const [{ PostgrestClient }, { FunctionsClient }] = await Promise.all([
    import('@supabase/postgrest-js'),
    import('@supabase/functions-js'),
  ]);
  return buildFormsClient({ PostgrestClient, FunctionsClient }, config);
}

/**
 * The forms' client from the two library classes (the backend tests use it with the same classes).
 * @param classes PostgrestClient and FunctionsClient
 * @param config URL and key
 */
export function buildFormsClient(
  classes: {
    PostgrestClient: typeof import('@supabase/postgrest-js').PostgrestClient;
    FunctionsClient: typeof import('@supabase/functions-js').FunctionsClient;
  },
  { url, key }: SupabaseConfig,
) {
  const { PostgrestClient, FunctionsClient } = classes;
  const rest = new PostgrestClient(`${url}/rest/v1`, {
    headers: { apikey: key, Authorization: `Bearer ${key}` },
  });
  const functions = new FunctionsClient(`${url}/functions/v1`, {
    headers: isNewApiKey(key) ? { apikey: key } : { apikey: key, Authorization: `Bearer ${key}` },
  });
  return { from: (table: string) => rest.from(table), functions };
}

/**
 * A memoised getter for the browser's client. Its code is fetched by dynamic import on the first
 * call only (the forms call it on first focus), so it never weighs on the page's first load.
 * @param load how to build the client (tests pass a fake)
 */
export function lazySupabaseClient(
  load: () => Promise<FormsClient> = () => createFormsClient(browserSupabaseConfig()),
): () => Promise<FormsClient> {
  let pending: Promise<FormsClient> | null = null;
  return () => {
    pending ??= load().catch((error) => {
      pending = null; // a failed download may succeed on the next attempt
      throw error;
    });
    return pending;
  };
}

/** The browser's client, created on first call (the forms call it on first focus or input). */
export const browserClient = lazySupabaseClient();
