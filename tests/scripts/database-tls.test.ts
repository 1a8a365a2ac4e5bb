// The scripts' database clients (deploy, privacy, load test) verify the server's certificate, as
// libpq's sslmode=verify-full: what we own, tested statically (no network).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseClientConfig } from '../../scripts/lib/database-tls.mjs';

const POOLER =
  'postgresql://postgres.abcdefghijklmnopqrst:pw@aws-0-eu-west-3.pooler.supabase.com:5432/postgres';
const CA = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';

describe('database clients of the scripts', () => {
  it('verify the certificate of a remote server, whatever sslmode the URL says', () => {
    for (const mode of ['', 'require', 'prefer', 'verify-ca', 'verify-full']) {
      const url = mode ? `${POOLER}?sslmode=${mode}` : POOLER;
      const config = databaseClientConfig(url, { SUPABASE_DB_CA_CERT: CA });
      expect(config.ssl).toEqual({ rejectUnauthorized: true, ca: CA });
      // node-postgres lets the URL's ssl parameters override `ssl`: none is left in it.
      expect(config.connectionString).not.toMatch(/ssl|libpq/);
    }
  });

  it('refuses a URL that asks for no encryption or no verification', () => {
    for (const mode of ['disable', 'no-verify']) {
      expect(() => databaseClientConfig(`${POOLER}?sslmode=${mode}`, {})).toThrow(/verif/);
    }
  });

  it('leaves this machine’s local backend as it is (no TLS there)', () => {
    const local = 'postgresql://postgres:postgres@127.0.0.1:54322/postgres';
    expect(databaseClientConfig(local, {})).toEqual({ connectionString: local });
  });

  it('every pg client under scripts/ is built from databaseClientConfig', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.m?[jt]s$/.test(entry.name)) files.push(file);
      }
    };
    walk('scripts');
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const clients = text.match(/new pg\.(Client|Pool)\(([^)]*)\)/g) ?? [];
      return [
        ...clients
          .filter((call) => !call.includes('databaseClientConfig('))
          .map((call) => `${file}: ${call}`),
        ...(!file.endsWith('database-tls.mjs') &&
        /uselibpqcompat|rejectUnauthorized:\s*false/.test(text)
          ? [`${file}: no verification`]
          : []),
      ];
    });
    expect(offenders).toEqual([]);
  });
});
