// The flood guard as it holds on Supabase's hosted edge: a client may send X-Forwarded-For itself
// and it reaches the database as the FIRST entry; the edge appends the connection's address and sets
// CF-Connecting-IP from the connection. The local gateway does the same, so these tests show what
// production does with forged headers.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, postFrom, setRateLimit, storedContact, validContact } from './support.mjs';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
  // A table that keeps the request headers PostgREST hands to SQL, insertable by anon.
  await db.query(`
    create table public.edge_probe (
      id uuid primary key,
      headers json default current_setting('request.headers', true)::json
    );
    grant insert (id) on public.edge_probe to anon;`);
});
afterAll(async () => {
  await db?.query('drop table if exists public.edge_probe');
  await db?.end();
});

describe('the local gateway hands on client headers like the hosted edge', () => {
  it('appends the socket address to X-Forwarded-For and sets CF-Connecting-IP from it', async () => {
    const id = randomUUID();
    const res = await postFrom(
      '/rest/v1/edge_probe',
      { id },
      {
        from: '127.0.0.51',
        headers: {
          'X-Forwarded-For': '203.0.113.9, 198.51.100.7',
          'CF-Connecting-IP': '192.0.2.1',
        },
      },
    );
    expect(res.status).toBe(201);
    const { rows } = await db.query('select headers from public.edge_probe where id = $1', [id]);
    expect(rows[0].headers['x-forwarded-for']).toBe('203.0.113.9, 198.51.100.7, 127.0.0.51');
    expect(rows[0].headers['cf-connecting-ip']).toBe('127.0.0.51');
  });

  it('sets both to the socket address when the client sends neither', async () => {
    const id = randomUUID();
    expect((await postFrom('/rest/v1/edge_probe', { id }, { from: '127.0.0.52' })).status).toBe(
      201,
    );
    const { rows } = await db.query('select headers from public.edge_probe where id = $1', [id]);
    expect(rows[0].headers['x-forwarded-for']).toBe('127.0.0.52');
    expect(rows[0].headers['cf-connecting-ip']).toBe('127.0.0.52');
  });
});

describe('limits key on the address the edge vouches for', () => {
  afterEach(() => setRateLimit('contacts_per_address', 100000));

  it('answers 429 past the per-address limit even with a new forged X-Forwarded-For', async () => {
    await setRateLimit('contacts_per_address', 3);
    const statuses = [];
    const ids = [];
    for (let i = 0; i < 6; i++) {
      const row = validContact();
      ids.push(row.id);
      const forged = `198.51.100.${i + 1}`;
      const res = await postFrom('/rest/v1/contacts', row, {
        from: '127.0.0.53',
        headers: { 'X-Forwarded-For': forged, 'CF-Connecting-IP': forged },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
    for (const id of ids.slice(0, 3)) {
      expect((await storedContact(id)).client_address).toBe('127.0.0.53');
    }
    for (const id of ids.slice(3)) expect(await storedContact(id)).toBeUndefined();
  });

  it('without CF-Connecting-IP, keys on the last X-Forwarded-For entry, not the first', async () => {
    await db.query('begin');
    try {
      await db.query(`select set_config('request.headers', $1, true)`, [
        JSON.stringify({ 'x-forwarded-for': '198.51.100.1, 203.0.113.5' }),
      ]);
      const { rows } = await db.query('select private.request_client_address() as address');
      expect(rows[0].address).toBe('203.0.113.5');
    } finally {
      await db.query('rollback');
    }
  });
});
