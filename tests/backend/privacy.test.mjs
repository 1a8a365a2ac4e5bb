// What the privacy page promises of the retention job, counted in rows of the real database:
// private.apply_retention, as the local backend's timer runs it (`npm run privacy`:
// privacy-script.test.mjs).
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, control, postFrom, setRateLimit, validContact } from './support.mjs';
import { contactRow, existing, past, PERIODS } from './privacy-support.mjs';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
  await control('retention'); // writes the settings' periods, as the local backend does
});
afterAll(() => db?.end());

describe('retention job', () => {
  it('deletes contact requests past retention since the last exchange, only those', async () => {
    const expired = await contactRow(db, {
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const answeredLater = await contactRow(db, {
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', false),
    });
    const recent = await contactRow(db);
    await control('retention');
    expect(await existing(db, 'public.contacts', [expired, answeredLater, recent])).toEqual(
      [answeredLater, recent].sort(),
    );
  });

  it('deletes spam and replaced rows after their own period; never an unmailed lead', async () => {
    const oldSpam = await contactRow(db, {
      spam: 'honeypot',
      mailed: 'null',
      created_at: past('unmailed', true),
      last_exchange_at: past('unmailed', true),
    });
    const oldUnmailed = await contactRow(db, {
      mailed: 'null',
      created_at: past('unmailed', true),
      last_exchange_at: past('unmailed', true),
    });
    const youngSpam = await contactRow(db, {
      spam: 'too_fast',
      mailed: 'null',
      created_at: past('unmailed', false),
      last_exchange_at: past('unmailed', false),
    });
    const oldMailed = await contactRow(db, {
      created_at: past('unmailed', true),
      last_exchange_at: past('unmailed', true),
    });
    // A real lead the mail provider never took (a revoked key, a long outage): kept, even past
    // the three years, until it is mailed (the agency is alerted after an hour).
    const ancientUnmailed = await contactRow(db, {
      mailed: 'null',
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const oldReplaced = await contactRow(db, {
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
    expect(await existing(db, 'public.contacts', ids)).toEqual(
      [oldUnmailed, youngSpam, oldMailed, ancientUnmailed].sort(),
    );
  });

  it('deletes a digest with the last row it lists, not before', async () => {
    const { rows } = await db.query(
      `insert into private.mail_digests (kind, mailed_at) values ('ceiling', now()), ('ceiling', now()) returning id`,
    );
    const [gone, kept] = rows.map((row) => row.id);
    const expired = await contactRow(db, {
      created_at: past('contacts', true),
      last_exchange_at: past('contacts', true),
    });
    const recent = await contactRow(db);
    await db.query('update public.contacts set digest_id = $1 where id = $2', [gone, expired]);
    await db.query('update public.contacts set digest_id = $1 where id = $2', [kept, recent]);
    await control('retention');
    expect(await existing(db, 'private.mail_digests', [gone, kept])).toEqual([kept]);
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
      await existing(db, 'public.newsletter_subscriptions', [
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
    await contactRow(db, {
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
