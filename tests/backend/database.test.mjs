// The migrations applied to the real local PostgreSQL, exercised directly as the role `anon`
// (exactly as PostgREST does: set_config('role', 'anon', true) inside a transaction).
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICES } from '../../supabase/functions/_shared/validation.ts';
import { adminClient, validContact } from './support.mjs';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
});
afterAll(() => db?.end());

/**
 * Runs `sql` as `role` in a transaction that is always rolled back; returns rows or the pg error.
 * @returns {Promise<{ rows?: any[], error?: any }>}
 */
async function as(role, sql, values = []) {
  await db.query('begin');
  try {
    await db.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`,
      [role, JSON.stringify({ role })],
    );
    const { rows } = await db.query(sql, values);
    return { rows };
  } catch (error) {
    return { error };
  } finally {
    await db.query('rollback');
  }
}

const COLUMNS = ['id', 'prenom', 'nom', 'email', 'telephone', 'service_souhaite', 'message'];
function insertContact(role, row) {
  const columns = COLUMNS.filter((c) => c in row);
  const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
  return as(
    role,
    `insert into public.contacts (${columns.join(', ')}) values (${placeholders}) returning 1`,
    columns.map((c) => row[c]),
  );
}

describe('migrations', () => {
  it('recorded every migration once in supabase_migrations.schema_migrations', async () => {
    const { rows } = await db.query(
      'select version from supabase_migrations.schema_migrations order by version',
    );
    const files = (await fs.readdir('supabase/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    expect(files.length).toBeGreaterThanOrEqual(5);
    expect(rows.map((r) => r.version)).toEqual(files.map((f) => f.split('_')[0]));
  });

  it('enabled row level security on every public table', async () => {
    const { rows } = await db.query(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' order by 1`,
    );
    expect(rows).toEqual([
      { relname: 'contacts', relrowsecurity: true },
      { relname: 'newsletter_subscriptions', relrowsecurity: true },
    ]);
  });

  it('lists the same six services in the database check as in the function', async () => {
    const { rows } = await db.query(
      `select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'contacts_service_souhaite_choice'`,
    );
    const inDb = [...rows[0].def.matchAll(/'([^']+)'::text/g)].map((m) => m[1]);
    expect(inDb.sort()).toEqual([...SERVICES].sort());
  });
});

describe('public.contacts as anon', () => {
  it('may insert a valid row (also without id and telephone)', async () => {
    expect((await insertContact('anon', validContact())).error).toBeUndefined();
    const { id, telephone, ...minimal } = validContact();
    expect((await insertContact('anon', minimal)).error).toBeUndefined();
  });

  it.each([
    ['select', 'select * from public.contacts'],
    ['select one column', 'select id from public.contacts'],
    ['update', `update public.contacts set nom = 'x'`],
    ['delete', 'delete from public.contacts'],
    ['truncate', 'truncate public.contacts'],
  ])('may not %s', async (_label, sql) => {
    const { error } = await as('anon', sql);
    expect(error?.code).toBe('42501');
    expect(error.message).toMatch(/permission denied for table contacts/);
  });

  it('may not read back what it inserts (insert … returning *)', async () => {
    const { error } = await as(
      'anon',
      `insert into public.contacts (prenom, nom, email, service_souhaite, message) values ('a','b','a@b.fr','Automatisation IA','m') returning *`,
    );
    expect(error?.code).toBe('42501');
  });

  it('may not choose created_at', async () => {
    const { error } = await as(
      'anon',
      `insert into public.contacts (prenom, nom, email, service_souhaite, message, created_at) values ('a','b','a@b.fr','Automatisation IA','m', '2000-01-01') returning 1`,
    );
    expect(error?.code).toBe('42501');
  });

  it('gets a unique violation for a duplicate id', async () => {
    const row = validContact();
    await db.query('begin');
    try {
      await db.query(`select set_config('role', 'anon', true)`);
      await db.query(
        `insert into public.contacts (id, prenom, nom, email, service_souhaite, message) values ($1, 'a', 'b', 'a@b.fr', 'Automatisation IA', 'm') returning 1`,
        [row.id],
      );
      const error = await db
        .query(
          `insert into public.contacts (id, prenom, nom, email, service_souhaite, message) values ($1, 'a', 'b', 'a@b.fr', 'Automatisation IA', 'm') returning 1`,
          [row.id],
        )
        .then(
          () => null,
          (e) => e,
        );
      expect(error?.code).toBe('23505');
      expect(error.message).toBe('duplicate key value violates unique constraint "contacts_pkey"');
    } finally {
      await db.query('rollback');
    }
  });

  it.each([
    ['prenom missing', { prenom: undefined }, '23502', /"prenom"/],
    ['nom missing', { nom: undefined }, '23502', /"nom"/],
    ['email missing', { email: undefined }, '23502', /"email"/],
    ['service missing', { service_souhaite: undefined }, '23502', /"service_souhaite"/],
    ['message missing', { message: undefined }, '23502', /"message"/],
    ['prenom blank', { prenom: '   ' }, '23514', /contacts_prenom_letters/],
    ['nom blank', { nom: '\t' }, '23514', /contacts_nom_(characters|letters)/],
    ['message blank', { message: ' \r\n ' }, '23514', /contacts_message_required/],
    ['prenom too long', { prenom: 'p'.repeat(101) }, '23514', /contacts_prenom_too_long/],
    ['nom too long', { nom: 'n'.repeat(101) }, '23514', /contacts_nom_too_long/],
    [
      'email too long',
      { email: `${'e'.repeat(250)}@x.fr` },
      '23514',
      /contacts_email_(too_long|format)/,
    ],
    ['telephone too long', { telephone: '0'.repeat(31) }, '23514', /contacts_telephone_too_long/],
    ['message too long', { message: 'm'.repeat(5001) }, '23514', /contacts_message_too_long/],
    ['email without @', { email: 'ada.example.com' }, '23514', /contacts_email_format/],
    ['email with a space', { email: 'ada @example.com' }, '23514', /contacts_email_format/],
    ['email without a dot after @', { email: 'ada@example' }, '23514', /contacts_email_format/],
    ['email with two @', { email: 'a@b@example.com' }, '23514', /contacts_email_format/],
    [
      'unknown service',
      { service_souhaite: 'Plomberie' },
      '23514',
      /contacts_service_souhaite_choice/,
    ],
    [
      'service in the wrong case',
      { service_souhaite: 'automatisation ia' },
      '23514',
      /contacts_service_souhaite_choice/,
    ],
  ])('refuses %s', async (_label, change, code, message) => {
    const row = { ...validContact(), ...change };
    for (const key of Object.keys(change)) if (change[key] === undefined) delete row[key];
    const { error } = await insertContact('anon', row);
    expect(error?.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('accepts each field at its exact limit, counted as PostgreSQL counts', async () => {
    const row = validContact({
      prenom: 'é'.repeat(100),
      nom: 'n'.repeat(100),
      email: `${'e'.repeat(247)}@exa.fr`,
      telephone: '0'.repeat(30),
      message: 'é'.repeat(5000),
    });
    expect(row.email).toHaveLength(254);
    expect((await insertContact('anon', row)).error).toBeUndefined();
  });
});

describe('public.contacts as other roles', () => {
  it('authenticated may insert but not select', async () => {
    expect((await insertContact('authenticated', validContact())).error).toBeUndefined();
    expect((await as('authenticated', 'select * from public.contacts')).error?.code).toBe('42501');
  });

  it('service_role may read rows', async () => {
    const { error, rows } = await as(
      'service_role',
      'select count(*)::int as n from public.contacts',
    );
    expect(error).toBeUndefined();
    expect(rows[0].n).toBeGreaterThanOrEqual(0);
  });
});

describe('public.newsletter_subscriptions as anon', () => {
  const subscribe = (email) =>
    as('anon', 'insert into public.newsletter_subscriptions (email) values ($1) returning 1', [
      email,
    ]);

  it('may insert an address, not read, update or delete', async () => {
    expect((await subscribe('lecteur@example.com')).error).toBeUndefined();
    for (const sql of [
      'select * from public.newsletter_subscriptions',
      `update public.newsletter_subscriptions set email = 'x@y.fr'`,
      'delete from public.newsletter_subscriptions',
    ]) {
      expect((await as('anon', sql)).error?.code).toBe('42501');
    }
  });

  it('refuses a bad or over-long address', async () => {
    expect((await subscribe('pas-une-adresse')).error?.code).toBe('23514');
    expect((await subscribe(`${'a'.repeat(250)}@x.fr`)).error?.code).toBe('23514');
  });

  it('answers a repeat subscription (any case) like a new one, adding no row', async () => {
    await db.query('begin');
    try {
      await db.query(`select set_config('role', 'anon', true)`);
      await db.query(
        `insert into public.newsletter_subscriptions (email) values ('Repeat@Example.com') returning 1`,
      );
      const { rows } = await db.query(
        `insert into public.newsletter_subscriptions (email) values ('repeat@example.com') returning 1`,
      );
      expect(rows).toEqual([]);
      await db.query('reset role');
      const count = await db.query(
        `select count(*)::int as n from public.newsletter_subscriptions where lower(email) = 'repeat@example.com'`,
      );
      expect(count.rows[0].n).toBe(1);
    } finally {
      await db.query('rollback');
    }
  });
});
