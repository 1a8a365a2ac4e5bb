// The deploy's Vault step (scripts/lib/vault-secrets.mjs) on the real PostgreSQL, in a scratch
// database with a stand-in for Supabase Vault: its table and functions have the signatures the
// hosted `supabase_vault` extension has (the real one also encrypts, which the step does not see).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertVaultSecrets } from '../../scripts/lib/vault-secrets.mjs';
import { adminClient, backend } from './support.mjs';

const DB = 'vault_secrets_test';
const VAULT = `
  create schema vault;
  create table vault.secrets (
    id uuid primary key default gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  create unique index secrets_name_idx on vault.secrets (name) where name is not null;
  create view vault.decrypted_secrets as
    select id, name, description, secret as decrypted_secret from vault.secrets;
  create function vault.create_secret(new_secret text, new_name text default null,
    new_description text default '', new_key_id uuid default null) returns uuid
  language sql as $$
    insert into vault.secrets (secret, name, description, key_id)
    values (new_secret, new_name, new_description, new_key_id) returning id
  $$;
  create function vault.update_secret(secret_id uuid, new_secret text default null,
    new_name text default null, new_description text default null, new_key_id uuid default null)
  returns void language sql as $$
    update vault.secrets set secret = coalesce(new_secret, secret), name = coalesce(new_name, name),
      description = coalesce(new_description, description), updated_at = now()
    where id = secret_id
  $$;`;

let url = '';
/** What the sweep reads: `vault.decrypted_secrets` by name. */
async function readSecrets() {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select name, decrypted_secret from vault.decrypted_secrets order by name',
    );
    return rows;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const admin = await adminClient();
  await admin.query(`drop database if exists ${DB}`);
  await admin.query(`create database ${DB}`);
  await admin.end();
  const base = new URL(backend().urls.dbUrl);
  base.pathname = `/${DB}`;
  url = base.toString();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(VAULT);
  await client.end();
});

afterAll(async () => {
  const admin = await adminClient();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.end();
});

describe('the deploy’s Vault step', () => {
  it('creates the secrets, then updates them in place: one secret per name', async () => {
    await upsertVaultSecrets(url, {
      project_url: 'https://abcdefghijklmnopqrst.supabase.co',
      publishable_key: "sb_publishable_first'quote",
    });
    expect(await readSecrets()).toEqual([
      { name: 'project_url', decrypted_secret: 'https://abcdefghijklmnopqrst.supabase.co' },
      { name: 'publishable_key', decrypted_secret: "sb_publishable_first'quote" },
    ]);
    await upsertVaultSecrets(url, {
      project_url: 'https://api.agence-exemple.fr',
      publishable_key: 'sb_publishable_rotated',
    });
    expect(await readSecrets()).toEqual([
      { name: 'project_url', decrypted_secret: 'https://api.agence-exemple.fr' },
      { name: 'publishable_key', decrypted_secret: 'sb_publishable_rotated' },
    ]);
  });

  it('changes nothing when a later secret fails (one transaction)', async () => {
    const before = await readSecrets();
    await expect(
      upsertVaultSecrets(url, { project_url: 'https://changed.example', other_secret: null }),
    ).rejects.toThrow(/not-null/);
    expect(await readSecrets()).toEqual(before);
  });

  it('honours sslmode: require insists on TLS, disable goes without', async () => {
    // The embedded PostgreSQL has no TLS: `require` must refuse to fall back to plain text.
    await expect(
      upsertVaultSecrets(`${url}?sslmode=require`, { project_url: 'https://tls.example' }),
    ).rejects.toThrow(/SSL/i);
    await upsertVaultSecrets(`${url}?sslmode=disable`, { project_url: 'https://plain.example' });
    expect(await readSecrets()).toContainEqual({
      name: 'project_url',
      decrypted_secret: 'https://plain.example',
    });
  });

  it('fails with PostgreSQL’s message where Vault is missing', async () => {
    await expect(upsertVaultSecrets(backend().urls.dbUrl, { project_url: 'x' })).rejects.toThrow(
      /vault/,
    );
  });
});
