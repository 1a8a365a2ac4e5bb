// The per-address count the guard runs on every anon contact insert (private.enforce_rate_limit on
// private.address_key(client_address)) uses an index on a table the size of a busy year, not a scan
// of every lead. Real database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, validContact } from './support.mjs';

const INDEX = 'contacts_address_key_created_at';
const domain = `explain-${randomUUID().slice(0, 8)}.example.com`;
/** @type {import('pg').Client} */
let db;

beforeAll(async () => {
  db = await adminClient();
  // 20,000 mailed leads over the last 500 minutes, from as many /64s (mailed: the sweep skips them).
  await db.query(
    `insert into public.contacts (prenom, nom, email, service_souhaite, message, client_address,
                                  created_at, mailed_at)
     select 'Index', 'Test', 'r' || i || '@' || $1, 'Automatisation IA', 'Bonjour',
            '2001:db8:' || to_hex(i) || '::1', now() - (i % 500) * interval '1 minute',
            now() - interval '2 days'
       from generate_series(1, 20000) as i`,
    [domain],
  );
  await db.query('analyze public.contacts');
});
afterAll(async () => {
  await db.query('delete from public.contacts where email like $1', [`%@${domain}`]);
  await db?.end();
});

const indexScans = async () => {
  await db.query('select pg_stat_clear_snapshot()');
  const { rows } = await db.query(
    `select idx_scan::int as n from pg_stat_user_indexes where indexrelname = $1`,
    [INDEX],
  );
  return rows[0]?.n ?? 0;
};

describe('the contact insert’s per-address count uses its index', () => {
  it('EXPLAIN of the count by address key shows its index, no Seq Scan', async () => {
    const { rows } = await db.query(
      `explain (format json) select count(*), min(created_at) from public.contacts
        where private.address_key(client_address) = $1 and created_at > now() - interval '1 hour'`,
      ['2001:db8:1a::/64'],
    );
    const plan = JSON.stringify(rows[0]['QUERY PLAN']);
    expect(plan).toContain(`"Index Name":"${INDEX}"`);
    expect(plan).not.toContain('Seq Scan');
  });

  it('an anon insert scans the index', async () => {
    const before = await indexScans();
    const { id, prenom, nom, email, service_souhaite, message } = validContact();
    await db.query('begin');
    try {
      // As PostgREST runs it: the visitor's headers, the browser's role.
      await db.query(
        `select set_config('request.headers', $1, true), set_config('role', 'anon', true)`,
        [JSON.stringify({ 'cf-connecting-ip': '2001:db8:beef::7' })],
      );
      await db.query(
        `insert into public.contacts (id, prenom, nom, email, service_souhaite, message, fill_ms)
         values ($1, $2, $3, $4, $5, $6, 12000)`,
        [id, prenom, nom, email, service_souhaite, message],
      );
    } finally {
      await db.query('commit');
    }
    expect(
      (await db.query('select client_address from public.contacts where id = $1', [id])).rows,
    ).toEqual([{ client_address: '2001:db8:beef::7' }]);
    await db.query('select pg_stat_force_next_flush()');
    let after = before;
    for (let i = 0; i < 50 && after === before; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      after = await indexScans();
    }
    expect(after).toBeGreaterThan(before);
  });
});
