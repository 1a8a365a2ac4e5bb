// `npm run privacy` against the real database, run as a developer runs it (a child process over
// SUPABASE_DB_URL): export, erase, exchange, check, and the retention periods it writes.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionDrift } from '../../src/lib/privacy/retention.mjs';
import { LOCAL_ERASURE_PEPPER } from '../../local-backend/config.mjs';
import { adminClient, control, postFrom, validContact } from './support.mjs';
import { contactRow, existing, past, PERIODS, privacy } from './privacy-support.mjs';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
  await control('retention'); // writes the settings' periods, as the local backend does
});
afterAll(() => db?.end());

describe('npm run privacy', () => {
  it('exports all about an address, erases it everywhere, logs only a hash', async () => {
    const email = `Grace.${randomUUID().slice(0, 8)}@Example.com`;
    const contact = validContact({ email, fill_ms: 500 }); // too fast: kept as spam, never mailed
    expect((await postFrom('/rest/v1/contacts', contact)).status).toBe(201);
    expect(
      (await postFrom('/rest/v1/newsletter_subscriptions', { email, fill_ms: 5000 })).status,
    ).toBe(201);
    const { rows } = await db.query(
      `insert into private.mail_digests (kind) values ('spam') returning id`,
    );
    const digest = rows[0].id;
    await db.query('update public.contacts set spam_digest_id = $1 where id = $2', [
      digest,
      contact.id,
    ]);

    const exported = await privacy(['export', email.toLowerCase()]);
    expect(exported.code).toBe(0);
    const data = JSON.parse(exported.stdout);
    expect(data.contacts.map((c) => [c.id, c.message])).toEqual([[contact.id, contact.message]]);
    expect(data.newsletter_subscriptions.map((s) => s.email)).toEqual([email]);
    expect(data.newsletter_requests).toHaveLength(1);
    expect(data.mail_digests.map((d) => d.id)).toEqual([digest]);

    const erased = await privacy(['erase', email]);
    expect(erased).toMatchObject({ code: 0 });
    expect(JSON.parse(erased.stdout.split('\n')[0])).toEqual({
      contacts: 1,
      mail_digests: 1,
      newsletter_subscriptions: 1,
      newsletter_requests: 1,
    });
    const after = JSON.parse((await privacy(['export', email])).stdout);
    expect([
      after.contacts,
      after.newsletter_subscriptions,
      after.newsletter_requests,
      after.mail_digests,
    ]).toEqual([[], [], [], []]);
    expect(await existing(db, 'private.mail_digests', [digest])).toEqual([]);

    // A keyed hash (HMAC-SHA-256 with the pepper, here the local backend's labelled demo value),
    // not a bare SHA-256 anyone holding a guess could test.
    const sha256 = createHash('sha256').update(email.toLowerCase()).digest('hex');
    const keyed = createHmac('sha256', LOCAL_ERASURE_PEPPER).update(sha256).digest('hex');
    const bare = await db.query('select 1 from private.erasures e where e::text like $1', [
      `%${sha256}%`,
    ]);
    expect(bare.rows).toEqual([]);
    const log = await db.query(
      `select to_jsonb(e) as row from private.erasures e where email_hmac = $1`,
      [keyed],
    );
    expect(log.rows).toHaveLength(1);
    expect(Object.keys(log.rows[0].row).sort()).toEqual(['email_hmac', 'erased_on']);
    expect(erased.stdout).toContain(keyed);
    const everything = (
      await db.query(
        `select coalesce(string_agg(to_jsonb(e)::text, ''), '') as text from private.erasures e`,
      )
    ).rows[0].text.toLowerCase();
    expect(everything).not.toContain(email.toLowerCase().split('@')[0]);
    expect(erased.stdout).not.toContain(email);
  });

  it('moves the last exchange forward with one command', async () => {
    const id = await contactRow(db, {
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const { rows } = await db.query('select email from public.contacts where id = $1', [id]);
    const result = await privacy(['exchange', rows[0].email.toUpperCase()]);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('1 contact request');
    await control('retention');
    expect(await existing(db, 'public.contacts', [id])).toEqual([id]);
  });

  it('an unknown address: an empty export, nothing erased, nothing logged', async () => {
    const email = `nobody.${randomUUID().slice(0, 8)}@example.com`;
    const count = async () =>
      (await db.query('select count(*)::int as n from private.erasures')).rows[0].n;
    const before = await count();
    const exported = await privacy(['export', email]);
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual({
      email,
      contacts: [],
      mail_digests: [],
      newsletter_requests: [],
      newsletter_subscriptions: [],
    });
    const erased = await privacy(['erase', email]);
    expect(erased).toMatchObject({ code: 0 });
    expect(erased.stdout).toContain('nothing erased');
    expect(await count()).toBe(before);
  });

  it('an ill-formed address is refused and nothing changes', async () => {
    const id = await contactRow(db);
    const { rows } = await db.query('select email from public.contacts where id = $1', [id]);
    for (const bad of [
      `${rows[0].email},x@example.com`,
      'not-an-address',
      '',
      `${rows[0].email} ${rows[0].email}`,
    ]) {
      const result = await privacy(['erase', bad]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('is not an e-mail address');
    }
    expect(await existing(db, 'public.contacts', [id])).toEqual([id]);
  });

  it('an unreachable database: a clear message and a failing exit code', async () => {
    const server = net.createServer();
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
    await new Promise((resolve) => server.close(resolve)); // nothing listens there now
    const result = await privacy(
      ['export', 'ada@example.com'],
      `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot reach the database at 127.0.0.1:${port}`);
  });
});

describe('retention periods: the settings and the database', () => {
  it('agree once written, and a difference is reported until they are written again', async () => {
    expect(await retentionDrift(db, PERIODS)).toEqual([]);
    expect(await privacy(['check'])).toMatchObject({ code: 0 });
    await db.query(
      `update private.retention_periods set keep = keep + interval '1 day' where name = 'contacts'`,
    );
    expect(await retentionDrift(db, PERIODS)).toEqual([expect.stringContaining('"contacts"')]);
    const check = await privacy(['check']);
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('npm run privacy -- periods');
    expect(await privacy(['periods'])).toMatchObject({ code: 0 });
    expect(await retentionDrift(db, PERIODS)).toEqual([]);
  });

  it('the job reads its periods from the database', async () => {
    await db.query(
      `update private.retention_periods set keep = interval '10 days' where name = 'contacts'`,
    );
    try {
      const id = await contactRow(db, {
        created_at: "now() - interval '11 days'",
        last_exchange_at: "now() - interval '11 days'",
      });
      await db.query('select private.apply_retention()');
      expect(await existing(db, 'public.contacts', [id])).toEqual([]);
    } finally {
      await privacy(['periods']);
    }
  });
});
