// /rest/v1 through the real gateway, with the site's client (postgrest-js, functions-js) and raw HTTP: PostgREST's
// statuses, error bodies and headers, as the Supabase CLI's own gateway and PostgREST answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { adminClient, backend, supabaseClient, validContact } from './support.mjs';

/** An HS256 JWT with these claims (as Supabase Auth would mint one). */
const signJwt = (claims, secret) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
});
afterAll(() => db?.end());

const storedRow = async (id) =>
  (await db.query('select * from public.contacts where id = $1', [id])).rows[0];

function rawInsert(body, headers = {}, path = '/rest/v1/contacts') {
  return fetch(`${backend().urls.apiUrl}${path}`, {
    method: 'POST',
    headers: {
      apikey: backend().keys.publishable,
      'Content-Type': 'application/json',
      'Content-Profile': 'public',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function expectPgrstError(res, status, code, message) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(res.headers.get('proxy-status')).toBe(`PostgREST; error=${code}`);
  expect(res.headers.get('access-control-allow-origin')).toBe('*');
  const text = await res.text();
  const body = JSON.parse(text);
  expect(Object.keys(body)).toEqual(['code', 'details', 'hint', 'message']);
  expect(body.code).toBe(code);
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else expect(body.message).toBe(message);
  return body;
}

describe('insert with postgrest-js (publishable key, as the site does)', () => {
  it('stores the row: 201, no data, no error', async () => {
    const row = validContact();
    const result = await supabaseClient().from('contacts').insert(row);
    expect(result.error).toBeNull();
    expect(result.status).toBe(201);
    expect(result.data).toBeNull();
    const stored = await storedRow(row.id);
    expect(stored).toMatchObject({
      prenom: row.prenom,
      nom: row.nom,
      email: row.email,
      telephone: row.telephone,
      service_souhaite: row.service_souhaite,
      message: row.message,
    });
    expect(stored.created_at).toBeInstanceOf(Date);
  });

  it('works the same with the legacy anon JWT key', async () => {
    const row = validContact();
    const result = await supabaseClient(backend().keys.anon).from('contacts').insert(row);
    expect(result.error).toBeNull();
    expect(await storedRow(row.id)).toBeDefined();
  });

  it('answers a duplicate id with 409 / 23505 and keeps one row', async () => {
    const row = validContact();
    const client = supabaseClient();
    expect((await client.from('contacts').insert(row)).error).toBeNull();
    const again = await client.from('contacts').insert(row);
    expect(again.status).toBe(409);
    expect(again.error).toEqual({
      code: '23505',
      details: null,
      hint: null,
      message: 'duplicate key value violates unique constraint "contacts_pkey"',
    });
    const { rows } = await db.query(
      'select count(*)::int as n from public.contacts where id = $1',
      [row.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it.each([
    [
      'a missing field',
      { message: undefined },
      400,
      '23502',
      'null value in column "message" of relation "contacts" violates not-null constraint',
    ],
    [
      'a blank field',
      { nom: '  ' },
      400,
      '23514',
      'new row for relation "contacts" violates check constraint "contacts_nom_letters"',
    ],
    [
      'an over-long message',
      { message: 'x'.repeat(5001) },
      400,
      '23514',
      'new row for relation "contacts" violates check constraint "contacts_message_too_long"',
    ],
    [
      'a bad e-mail',
      { email: 'pas une adresse' },
      400,
      '23514',
      'new row for relation "contacts" violates check constraint "contacts_email_format"',
    ],
    [
      'an unknown service',
      { service_souhaite: 'Plomberie' },
      400,
      '23514',
      'new row for relation "contacts" violates check constraint "contacts_service_souhaite_choice"',
    ],
    [
      'a bad uuid',
      { id: 'not-a-uuid' },
      400,
      '22P02',
      'invalid input syntax for type uuid: "not-a-uuid"',
    ],
  ])(
    "refuses %s with PostgREST's status and body, storing nothing",
    async (_label, change, status, code, message) => {
      const row = { ...validContact(), ...change };
      for (const key of Object.keys(change)) if (change[key] === undefined) delete row[key];
      const result = await supabaseClient().from('contacts').insert(row);
      expect(result.status).toBe(status);
      expect(result.error).toEqual({ code, details: null, hint: null, message });
      const { rows } = await db.query(
        'select count(*)::int as n from public.contacts where prenom = $1',
        [row.prenom],
      );
      expect(rows[0].n).toBe(0);
    },
  );

  it('refuses select, update and delete for anon (401 / 42501)', async () => {
    const client = supabaseClient();
    for (const query of [
      client.from('contacts').select('*'),
      client.from('contacts').update({ nom: 'x' }).eq('nom', 'Lovelace'),
      client.from('contacts').delete().eq('nom', 'Lovelace'),
    ]) {
      const result = await query;
      expect(result.status).toBe(401);
      expect(result.error).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: 'permission denied for table contacts',
      });
    }
    const { rows } = await db.query(
      `select count(*)::int as n from public.contacts where nom = 'x'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('refuses insert(...).select() for anon: the table is insert-only', async () => {
    const row = validContact();
    const result = await supabaseClient().from('contacts').insert(row).select();
    expect(result.status).toBe(401);
    expect(result.error?.code).toBe('42501');
    expect(await storedRow(row.id)).toBeUndefined();
  });

  it('lets the service role read back a row (Prefer: return=representation)', async () => {
    const row = validContact();
    const result = await supabaseClient(backend().keys.secret)
      .from('contacts')
      .insert(row)
      .select('id, prenom')
      .single();
    expect(result.error).toBeNull();
    expect(result.status).toBe(201);
    expect(result.data).toEqual({ id: row.id, prenom: row.prenom });
  });

  it('answers a repeat newsletter sign-up like a new one (201), keeping one row', async () => {
    const client = supabaseClient();
    const email = `lecteur.${Date.now()}@example.com`;
    const first = await client.from('newsletter_subscriptions').insert({ email, fill_ms: 5000 });
    const again = await client
      .from('newsletter_subscriptions')
      .insert({ email: email.toUpperCase(), fill_ms: 5000 });
    expect([first.status, first.error]).toEqual([201, null]);
    expect([again.status, again.error]).toEqual([201, null]);
    const { rows } = await db.query(
      'select count(*)::int as n from public.newsletter_subscriptions where lower(email) = $1',
      [email],
    );
    expect(rows[0].n).toBe(1);
  });
});

describe('wire details (raw HTTP)', () => {
  it('answers success with 201, an empty body, Content-Range */* and no Content-Type', async () => {
    const res = await rawInsert(validContact());
    expect(res.status).toBe(201);
    expect(res.headers.get('content-range')).toBe('*/*');
    expect(res.headers.get('content-type')).toBeNull();
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('');
  });

  it('answers an RLS/privilege refusal for anon with 401 and WWW-Authenticate: Bearer', async () => {
    const res = await rawInsert(validContact(), { Prefer: 'return=representation' });
    await expectPgrstError(res, 401, '42501', 'permission denied for table contacts');
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers the same refusal for an authenticated user with 403', async () => {
    const token = await signJwt(
      { role: 'authenticated', sub: crypto.randomUUID(), exp: Math.floor(Date.now() / 1000) + 600 },
      backend().keys.jwtSecret,
    );
    const res = await rawInsert(validContact(), {
      Prefer: 'return=representation',
      Authorization: `Bearer ${token}`,
    });
    await expectPgrstError(res, 403, '42501', 'permission denied for table contacts');
  });

  it.each([
    ['invalid JSON', '{"prenom":', 'Empty or invalid json'],
    ['an empty body', '', 'Empty or invalid json'],
  ])('answers %s with 400 PGRST102', async (_label, body, message) => {
    await expectPgrstError(await rawInsert(body), 400, 'PGRST102', message);
  });

  it('answers an array with different keys with 400 PGRST102', async () => {
    const { id, ...withoutId } = validContact();
    await expectPgrstError(
      await rawInsert([validContact(), withoutId]),
      400,
      'PGRST102',
      'All object keys must match',
    );
  });

  it('refuses a bulk insert (an array, even with ?columns=), storing nothing', async () => {
    const a = validContact();
    const b = validContact();
    const res = await rawInsert(
      [a, b],
      {},
      '/rest/v1/contacts?columns=%22id%22%2C%22prenom%22%2C%22nom%22%2C%22email%22%2C%22telephone%22%2C%22service_souhaite%22%2C%22message%22',
    );
    const body = await expectPgrstError(
      res,
      400,
      'single_row_only',
      /one contact request per insert/,
    );
    expect(body.details).toBeNull();
    expect(await storedRow(a.id)).toBeUndefined();
    expect(await storedRow(b.id)).toBeUndefined();
  });

  it('answers an unknown column with 400 PGRST204', async () => {
    await expectPgrstError(
      await rawInsert({ ...validContact(), age: 3 }),
      400,
      'PGRST204',
      "Could not find the 'age' column of 'contacts' in the schema cache",
    );
  });

  it('answers an unknown table with 404 PGRST205', async () => {
    await expectPgrstError(
      await rawInsert(validContact(), {}, '/rest/v1/contact'),
      404,
      'PGRST205',
      "Could not find the table 'public.contact' in the schema cache",
    );
  });

  it('answers another schema with 406 PGRST106', async () => {
    await expectPgrstError(
      await rawInsert(validContact(), { 'Content-Profile': 'private' }),
      406,
      'PGRST106',
      'Invalid schema: private',
    );
  });

  it('refuses a missing or unknown API key with 401, like the hosted gateway', async () => {
    const none = await rawInsert(validContact(), { apikey: '' });
    expect(none.status).toBe(401);
    expect(none.headers.get('access-control-allow-origin')).toBe('*');
    expect(await none.json()).toEqual({
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    });
    const wrong = await rawInsert(validContact(), { apikey: 'sb_publishable_not-the-local-key' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).message).toBe('Invalid API key');
  });

  it('refuses a badly signed or expired JWT with 401 and WWW-Authenticate', async () => {
    const forged = await signJwt(
      { role: 'service_role' },
      'not-the-local-secret-not-the-local-secret',
    );
    const bad = await rawInsert(validContact(), { Authorization: `Bearer ${forged}` });
    await expectPgrstError(bad, 401, 'PGRST301', 'No suitable key or wrong key type');
    expect(bad.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    const expired = await signJwt(
      { role: 'anon', exp: Math.floor(Date.now() / 1000) - 3600 },
      backend().keys.jwtSecret,
    );
    await expectPgrstError(
      await rawInsert(validContact(), { Authorization: `Bearer ${expired}` }),
      401,
      'PGRST303',
      'JWT expired',
    );
  });

  it('answers a role that does not exist with 401 / 22023', async () => {
    const token = await signJwt({ role: 'nobody' }, backend().keys.jwtSecret);
    await expectPgrstError(
      await rawInsert(validContact(), { Authorization: `Bearer ${token}` }),
      401,
      '22023',
      'role "nobody" does not exist',
    );
  });

  it('answers a CORS preflight with 200 and the requested headers allowed', async () => {
    const res = await fetch(`${backend().urls.apiUrl}/rest/v1/contacts`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4321',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey,authorization,content-profile,content-type,x-client-info',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(res.headers.get('access-control-allow-headers')).toBe(
      'apikey,authorization,content-profile,content-type,x-client-info',
    );
  });
});
