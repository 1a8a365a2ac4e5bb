// Constants of the embedded local backend. Same ports and keys as the Supabase CLI's local stack,
// so `supabase start` can replace this stand-in one for one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (parent of local-backend/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where `supabase/` lives: migrations and functions are read from here. */
export const SUPABASE_DIR = path.join(REPO_ROOT, 'supabase');
/** Default data folder (git-ignored): database files, caught mail, Deno's npm cache. */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.local-backend');

/** Supabase CLI default ports: API gateway, database, mail web inbox, SMTP. */
export const DEFAULT_PORTS = Object.freeze({ api: 54321, db: 54322, inbox: 54324, smtp: 54325 });

export const DB_USER = 'postgres';
export const DB_PASSWORD = 'postgres';
export const DB_NAME = 'postgres';

// ---------------------------------------------------------------------------------------------
// PUBLIC LOCAL DEMO KEYS of the Supabase CLI (apps/cli-go/pkg/config/apikeys.go). They are
// published in Supabase's own documentation and used by every local Supabase stack: they are NOT
// secrets and must never be used for a hosted project.
// ---------------------------------------------------------------------------------------------
/** Local demo JWT secret (HS256). */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** Local demo anon key (legacy JWT, role anon). */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
/** Local demo service_role key (legacy JWT, bypasses RLS). */
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
/** Local demo publishable key (new-format key, maps to role anon). */
export const PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
/** Local demo secret key (new-format key, maps to role service_role). */
export const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/**
 * LOCAL DEMO VALUE, NOT A SECRET: the pepper of the erasure log's keyed hash
 * (private.erasures.email_hmac) in the local backend, set as the database setting
 * `app.erasure_pepper`. A hosted project keeps its own random pepper in Vault (secret
 * `erasure_pepper`, created by migration 20261130000400_erasure_log_keyed_hash.sql).
 */
export const LOCAL_ERASURE_PEPPER = 'local-demo-erasure-pepper-not-a-secret';

/** Placeholder agency inbox and sender used by the local function (override in supabase/functions/.env). */
export const CONTACT_TO = 'contact@agence-exemple.fr';
export const CONTACT_FROM = 'Site web <no-reply@agence-exemple.fr>';

/**
 * URLs for a set of ports.
 * @param {{api:number, db:number, inbox:number, smtp:number}} ports
 */
export function urlsFor(ports) {
  return {
    apiUrl: `http://127.0.0.1:${ports.api}`,
    restUrl: `http://127.0.0.1:${ports.api}/rest/v1`,
    functionsUrl: `http://127.0.0.1:${ports.api}/functions/v1`,
    dbUrl: `postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${ports.db}/${DB_NAME}`,
    inboxUrl: `http://localhost:${ports.inbox}`,
    smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
  };
}

/** URLs on the default ports (what the site uses by default). */
export const {
  apiUrl: API_URL,
  restUrl: REST_URL,
  functionsUrl: FUNCTIONS_URL,
  dbUrl: DB_URL,
  inboxUrl: INBOX_URL,
  smtpUrl: SMTP_URL,
} = urlsFor(DEFAULT_PORTS);
