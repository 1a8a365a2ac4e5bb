// The contact contract's limits are written once in TypeScript (supabase/functions/_shared/validation.ts)
// and once in the migrations' checks: the database the migrations built must say the same numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HONEYPOT_FIELD,
  LEAD_SOURCE_MAX_LENGTHS,
  MAX_LENGTHS,
} from '../../supabase/functions/_shared/validation.ts';
import { adminClient } from './support.mjs';

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
});
afterAll(() => db?.end());

/** The upper bound of every `char_length(<column>) <= N` check of a table, by column. */
async function lengthChecks(table) {
  const { rows } = await db.query(
    `select pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = $1::regclass and contype = 'c'`,
    [table],
  );
  const limits = {};
  for (const { def } of rows)
    for (const [, column, max] of def.matchAll(/char_length\(\(?(\w+)\)?(?:::text)?\) <= (\d+)/g))
      (limits[column] ??= []).push(Number(max));
  return limits;
}

describe('limits of the contact contract', () => {
  it('public.contacts checks each field and lead-source column at the shared limit', async () => {
    const limits = await lengthChecks('public.contacts');
    for (const [column, max] of Object.entries({ ...MAX_LENGTHS, ...LEAD_SOURCE_MAX_LENGTHS }))
      expect({ column, limits: limits[column] }).toEqual({
        column,
        limits: expect.arrayContaining([max]),
      });
    // no check anywhere with another number for these columns
    for (const [column, max] of Object.entries({ ...MAX_LENGTHS, ...LEAD_SOURCE_MAX_LENGTHS }))
      expect(new Set(limits[column])).toEqual(new Set([max]));
  });

  it('public.newsletter_subscriptions checks the address against the same e-mail limit', async () => {
    const limits = await lengthChecks('public.newsletter_subscriptions');
    expect(new Set(limits.email)).toEqual(new Set([MAX_LENGTHS.email]));
  });

  it('both tables have the honeypot column the forms name', async () => {
    const { rows } = await db.query(
      `select table_name from information_schema.columns
        where table_schema = 'public' and column_name = $1 order by 1`,
      [HONEYPOT_FIELD],
    );
    expect(rows.map((row) => row.table_name)).toEqual(['contacts', 'newsletter_subscriptions']);
  });
});
