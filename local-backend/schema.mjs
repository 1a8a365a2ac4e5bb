// Supabase's roles and helper functions, then the repository's migrations, applied once each.
import fs from 'node:fs/promises';
import path from 'node:path';
import { DB_NAME, LOCAL_ERASURE_PEPPER } from './config.mjs';

const ROLES_SQL = `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit password 'postgres';
  end if;
end
$$;
grant anon, authenticated, service_role to authenticator;
grant usage on schema public to anon, authenticated, service_role;
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;
create or replace function auth.jwt() returns jsonb language sql stable as $f$
  select coalesce(nullif(current_setting('request.jwt.claims', true), ''), '{}')::jsonb
$f$;
create or replace function auth.role() returns text language sql stable as $f$
  select auth.jwt() ->> 'role'
$f$;
create or replace function auth.uid() returns uuid language sql stable as $f$
  select nullif(auth.jwt() ->> 'sub', '')::uuid
$f$;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
`;

/**
 * Creates Supabase's API roles (anon, authenticated, service_role, authenticator), the `auth.uid()`
 * / `auth.role()` / `auth.jwt()` helpers and the migration history table, if missing.
 * @param {import('pg').Pool} admin superuser pool
 */
export async function bootstrapRoles(admin) {
  await admin.query(ROLES_SQL);
  // The erasure log's pepper: a labelled local demo value (hosted: a random Vault secret).
  await admin.query(`alter database ${DB_NAME} set app.erasure_pepper = '${LOCAL_ERASURE_PEPPER}'`);
}

/**
 * Applies every `<version>_<name>.sql` of `dir` not yet recorded in
 * supabase_migrations.schema_migrations, in version order, each in its own transaction.
 * @param {import('pg').Pool} admin superuser pool
 * @param {string} dir
 * @param {(msg: string) => void} log
 * @returns {Promise<string[]>} versions applied now
 */
export async function applyMigrations(admin, dir, log) {
  const files = (await fs.readdir(dir)).filter((f) => /^[0-9]+_.*\.sql$/.test(f)).sort();
  const { rows } = await admin.query('select version from supabase_migrations.schema_migrations');
  const done = new Set(rows.map((r) => r.version));
  const applied = [];
  for (const file of files) {
    const [, version, name] = /^([0-9]+)_(.*)\.sql$/.exec(file);
    if (done.has(version)) continue;
    const sql = await fs.readFile(path.join(dir, file), 'utf8');
    const client = await admin.connect();
    try {
      await client.query('begin');
      await client.query(sql);
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [version, name, [sql]],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw new Error(`Migration ${file} failed: ${error.message}`);
    } finally {
      client.release();
    }
    log(`Applied migration ${file}`);
    applied.push(version);
  }
  return applied;
}
