// Creates or updates named Supabase Vault secrets (idempotent: one secret per name, value replaced).
// Values travel as bind parameters, never inside the SQL text.
import pg from 'pg';
import { databaseClientConfig } from './database-tls.mjs';

/**
 * @param {string} connectionString the database (Supabase: the session pooler connection string)
 * @param {Record<string, string>} secrets name → value
 */
export async function upsertVaultSecrets(connectionString, secrets) {
  const client = new pg.Client(databaseClientConfig(connectionString));
  await client.connect();
  try {
    await client.query('begin');
    for (const [name, value] of Object.entries(secrets)) {
      const { rows } = await client.query('select id from vault.secrets where name = $1', [name]);
      if (rows.length)
        await client.query('select vault.update_secret($1, $2)', [rows[0].id, value]);
      else await client.query('select vault.create_secret($1, $2)', [value, name]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
