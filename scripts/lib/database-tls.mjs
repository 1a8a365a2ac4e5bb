// Connection settings of the scripts' database clients (deploy, `npm run privacy`, load test):
// TLS with the server's certificate checked against a trusted CA and its name, as libpq's
// `sslmode=verify-full`, for every host but this machine (the local backend has no TLS).
import fs from 'node:fs';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** URL parameters node-postgres would read as TLS settings, overriding `ssl` (all removed). */
const TLS_PARAMETERS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'ssl', 'uselibpqcompat'];

/**
 * `pg.Client` / `pg.Pool` options for `connectionString`. A remote server's certificate is always
 * verified (`require`, `prefer`… in the URL are read as `verify-full`); the CA is
 * `SUPABASE_DB_CA_CERT` (PEM: Supabase's, from Database → Settings → SSL Configuration), else the
 * URL's `sslrootcert` file, else the system's roots.
 * @param {string} connectionString
 * @param {Record<string, string | undefined>} [env]
 * @returns {{ connectionString: string, ssl?: { rejectUnauthorized: true, ca?: string } }}
 */
export function databaseClientConfig(connectionString, env = process.env) {
  const url = new URL(connectionString);
  if (LOOPBACK.has(url.hostname)) return { connectionString };
  const mode = url.searchParams.get('sslmode');
  if (mode === 'disable' || mode === 'no-verify') {
    throw new Error(
      `The database URL says sslmode=${mode}: the scripts connect to ${url.hostname} only with TLS and its certificate verified (sslmode=verify-full).`,
    );
  }
  const rootcert = url.searchParams.get('sslrootcert');
  for (const name of TLS_PARAMETERS) url.searchParams.delete(name);
  const ca =
    env.SUPABASE_DB_CA_CERT?.trim() || (rootcert ? fs.readFileSync(rootcert, 'utf8') : undefined);
  return {
    connectionString: url.toString(),
    ssl: { rejectUnauthorized: true, ...(ca ? { ca } : {}) },
  };
}
