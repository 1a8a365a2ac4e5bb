// What the privacy page promises, counted in rows of the real database: the retention job
// (private.apply_retention, as the local backend's timer runs it), and `npm run privacy` export,
// erase, exchange and check, run as a developer runs them (a child process over SUPABASE_DB_URL).
import { execFile } from 'node:child_process';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { retentionDrift, settingsRetentionPeriods } from '../../src/lib/privacy/retention.mjs';
import { LOCAL_ERASURE_PEPPER } from '../../local-backend/config.mjs';
import { adminClient, backend, control, postFrom, setRateLimit, validContact } from './support.mjs';

const PERIODS = settingsRetentionPeriods();

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
  await control('retention'); // writes the settings' periods, as the local backend does
});
afterAll(() => db?.end());

/**
 * Runs `npm run privacy -- <args>` (the script itself) against the test database, or `dbUrl`.
 * @returns {Promise<{ code: number, stdout: string, stderr: string }>}
 */
function privacy(args, dbUrl = backend().urls.dbUrl) {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/privacy.mjs', ...args],
      { env: { ...process.env, SUPABASE_DB_URL: dbUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/**
 * Inserts a contact row as the database owner (no trigger checks), with SQL expressions for its
 * timestamps, e.g. `{ last_exchange_at: "now() - interval '2 days'" }`. Returns its id.
 */
async function contactRow({ spam = null, mailed = 'now()', ...times } = {}) {
  const row = validContact();
  const columns = [
    'id',
    'prenom',
    'nom',
    'email',
    'service_souhaite',
    'message',
    'spam_reason',
    'client_address',
  ];
  const values = [
    row.id,
    row.prenom,
    row.nom,
    row.email,
    row.service_souhaite,
    row.message,
    spam,
    '192.0.2.1',
  ];
  const exprs = { created_at: 'now()', last_exchange_at: 'now()', mailed_at: mailed, ...times };
  await db.query(
    `insert into public.contacts (${columns.join(', ')}, ${Object.keys(exprs).join(', ')})
     values (${columns.map((_, i) => `$${i + 1}`).join(', ')}, ${Object.values(exprs).join(', ')})`,
    values,
  );
  return row.id;
}

/** `period` of the settings plus or minus a day, as a SQL expression of a past time. */
const past = (period, beyond) =>
  `now() - interval '${PERIODS[period]}' ${beyond ? '-' : '+'} interval '1 day'`;

async function existing(table, ids) {
  const { rows } = await db.query(`select id from ${table} where id = any($1::uuid[])`, [ids]);
  return rows.map((row) => row.id).sort();
}

describe('retention job', () => {
  it('deletes contact requests past retention since the last exchange, only those', async () => {
    const expired = await contactRow({
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const answeredLater = await contactRow({
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', false),
    });
    const recent = await contactRow();
    await control('retention');
    expect(await existing('public.contacts', [expired, answeredLater, recent])).toEqual(
      [answeredLater, recent].sort(),
    );
  });

  it('deletes spam and replaced rows after their own period; never an unmailed lead', async () => {
    const oldSpam = await contactRow({
      spam: 'honeypot',
      mailed: 'null',
      created_at: past('unmailed', true),
      last_exchange_at: past('unmailed', true),
    });
    const oldUnmailed = await contactRow({
      mailed: 'null',
      created_at: past('unmailed', true),
      last_exchange_at: past('unmailed', true),
    });
    const youngSpam = await contactRow({
      spam: 'too_fast',
      mailed: 'null',
      created_at: past('unmailed', false),
      last_exchange_at: past('unmailed', false),
    });
    const oldMailed = await contactRow({
      created_at: past('unmailed', true),
      last_exchange_at: past('unmailed', true),
    });
    // A real lead the mail provider never took (a revoked key, a long outage): kept, even past
    // the three years, until it is mailed (the agency is alerted after an hour).
    const ancientUnmailed = await contactRow({
      mailed: 'null',
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const oldReplaced = await contactRow({
      mailed: 'null',
      created_at: past('unmailed', true),
      last_exchange_at: past('unmailed', true),
    });
    await db.query('update public.contacts set replaced_by = $1 where id = $2', [
      oldMailed,
      oldReplaced,
    ]);
    const ids = [oldSpam, oldUnmailed, youngSpam, oldMailed, ancientUnmailed, oldReplaced];
    await control('retention');
    expect(await existing('public.contacts', ids)).toEqual(
      [oldUnmailed, youngSpam, oldMailed, ancientUnmailed].sort(),
    );
  });

  it('deletes a digest with the last row it lists, not before', async () => {
    const { rows } = await db.query(
      `insert into private.mail_digests (kind, mailed_at) values ('ceiling', now()), ('ceiling', now()) returning id`,
    );
    const [gone, kept] = rows.map((row) => row.id);
    const expired = await contactRow({
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const recent = await contactRow();
    await db.query('update public.contacts set digest_id = $1 where id = $2', [gone, expired]);
    await db.query('update public.contacts set digest_id = $1 where id = $2', [kept, recent]);
    await control('retention');
    expect(await existing('private.mail_digests', [gone, kept])).toEqual([kept]);
  });

  it('deletes unsubscribed addresses and sign-ups unconfirmed past their period', async () => {
    const insert = async (extra) => {
      const { rows } = await db.query(
        `insert into public.newsletter_subscriptions (email, created_at, confirm_requested_at, confirmed_at, unsubscribed_at)
         values ($1, ${extra}) returning id`,
        [`nl.${randomUUID().slice(0, 8)}@example.com`],
      );
      return rows[0].id;
    };
    const oldUnconfirmed = await insert(
      `${past('newsletter_unconfirmed', true)}, ${past('newsletter_unconfirmed', true)}, null, null`,
    );
    const askedAgain = await insert(`${past('newsletter_unconfirmed', true)}, now(), null, null`);
    const oldConfirmed = await insert(
      `now() - interval '5 years', now() - interval '5 years', now() - interval '5 years', null`,
    );
    const unsubscribed = await insert(`now(), now(), now(), now()`);
    await control('retention');
    expect(
      await existing('public.newsletter_subscriptions', [
        oldUnconfirmed,
        askedAgain,
        oldConfirmed,
        unsubscribed,
      ]),
    ).toEqual([askedAgain, oldConfirmed].sort());
  });

  describe('client addresses', () => {
    afterEach(() => setRateLimit('contacts_per_address', 100000));

    it('are kept while the rate limit counts them, cleared after', async () => {
      await setRateLimit('contacts_per_address', 2);
      const from = '127.0.0.77';
      const first = validContact();
      const second = validContact();
      expect((await postFrom('/rest/v1/contacts', first, { from })).status).toBe(201);
      expect((await postFrom('/rest/v1/contacts', second, { from })).status).toBe(201);
      await control('retention');
      const addresses = async () =>
        (
          await db.query('select client_address from public.contacts where id = any($1::uuid[])', [
            [first.id, second.id],
          ])
        ).rows.map((r) => r.client_address);
      expect(await addresses()).toEqual([from, from]);
      expect((await postFrom('/rest/v1/contacts', validContact(), { from })).status).toBe(429);

      // The window and the address period have passed for these two rows.
      await db.query(
        `update public.contacts set created_at = created_at - greatest(interval '${PERIODS.client_address}',
           (select max(per) from private.rate_limits)) - interval '1 minute' where id = any($1::uuid[])`,
        [[first.id, second.id]],
      );
      await control('retention');
      expect(await addresses()).toEqual([null, null]);
      expect((await postFrom('/rest/v1/contacts', validContact(), { from })).status).toBe(201);
    });

    it('leave the newsletter: its request log goes, the sign-up keeps no address', async () => {
      const email = `nl.${randomUUID().slice(0, 8)}@example.com`;
      expect(
        (
          await postFrom(
            '/rest/v1/newsletter_subscriptions',
            { email, fill_ms: 5000 },
            { from: '127.0.0.78' },
          )
        ).status,
      ).toBe(201);
      await control('retention');
      const state = async () => ({
        requests: (
          await db.query(
            'select count(*)::int as n from private.newsletter_requests where email = $1',
            [email],
          )
        ).rows[0].n,
        address: (
          await db.query(
            'select client_address from public.newsletter_subscriptions where email = $1',
            [email],
          )
        ).rows[0].client_address,
      });
      expect(await state()).toEqual({ requests: 1, address: '127.0.0.78' });
      await db.query(
        `update private.newsletter_requests set created_at = now() - interval '2 days' where email = $1`,
        [email],
      );
      await db.query(
        `update public.newsletter_subscriptions set created_at = now() - interval '2 days' where email = $1`,
        [email],
      );
      await control('retention');
      expect(await state()).toEqual({ requests: 0, address: null });
    });
  });

  it('changes nothing when run a second time', async () => {
    await contactRow({
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const first = await control('retention');
    expect(first.contacts_expired).toBeGreaterThan(0);
    const snapshot = async () =>
      (
        await db.query(
          `select (select md5(coalesce(string_agg(to_jsonb(c)::text, '' order by id), '')) from public.contacts c) as contacts,
                (select md5(coalesce(string_agg(to_jsonb(s)::text, '' order by id), '')) from public.newsletter_subscriptions s) as newsletter,
                (select count(*) from private.newsletter_requests) as requests,
                (select count(*) from private.mail_digests) as digests`,
        )
      ).rows[0];
    const before = await snapshot();
    const second = await control('retention');
    expect(Object.values(second).every((n) => n === 0)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });
});

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
    expect(await existing('private.mail_digests', [digest])).toEqual([]);

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
    const id = await contactRow({
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const { rows } = await db.query('select email from public.contacts where id = $1', [id]);
    const result = await privacy(['exchange', rows[0].email.toUpperCase()]);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain('1 contact request');
    await control('retention');
    expect(await existing('public.contacts', [id])).toEqual([id]);
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
    const id = await contactRow();
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
    expect(await existing('public.contacts', [id])).toEqual([id]);
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
      const id = await contactRow({
        created_at: "now() - interval '11 days'",
        last_exchange_at: "now() - interval '11 days'",
      });
      await db.query('select private.apply_retention()');
      expect(await existing('public.contacts', [id])).toEqual([]);
    } finally {
      await privacy(['periods']);
    }
  });
});
