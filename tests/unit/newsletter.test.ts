import { describe, expect, it } from 'vitest';
import { subscribeNewsletter } from '../../src/lib/newsletter';
import type { FormsClient, InsertResult } from '../../src/lib/supabase-config';

function fakeClient(answer: InsertResult | Error) {
  const rows: Array<{ table: string; row: Record<string, unknown> }> = [];
  const client: FormsClient = {
    from: (table) => ({
      insert: async (row) => {
        rows.push({ table, row });
        if (answer instanceof Error) throw answer;
        return answer;
      },
    }),
    functions: { invoke: async () => ({ error: new Error('not used') }) },
  };
  return { client, rows };
}

describe('subscribeNewsletter', () => {
  it('stores the trimmed address in newsletter_subscriptions', async () => {
    const { client, rows } = fakeClient({ error: null, status: 201 });
    expect(await subscribeNewsletter(client, ' ada@example.com ')).toEqual({
      ok: true,
      alreadySubscribed: false,
    });
    expect(rows).toEqual([
      { table: 'newsletter_subscriptions', row: { email: 'ada@example.com' } },
    ]);
  });

  it('treats a repeat subscription (409 / 23505) as a success', async () => {
    const { client } = fakeClient({
      error: { code: '23505', message: 'duplicate key' },
      status: 409,
    });
    expect(await subscribeNewsletter(client, 'ada@example.com')).toEqual({
      ok: true,
      alreadySubscribed: true,
    });
  });

  it('reports other refusals and network failures as errors', async () => {
    const refusal = { code: '23514', message: 'check' };
    expect(await subscribeNewsletter(fakeClient({ error: refusal }).client, 'x@y')).toEqual({
      ok: false,
      error: refusal,
    });
    const boom = new TypeError('Failed to fetch');
    expect(await subscribeNewsletter(fakeClient(boom).client, 'x@y.fr')).toEqual({
      ok: false,
      error: boom,
    });
  });

  it('drops a bot (honeypot filled) without sending anything', async () => {
    const { client, rows } = fakeClient({ error: null });
    expect((await subscribeNewsletter(client, 'bot@spam.io', 'filled')).ok).toBe(true);
    expect(rows).toEqual([]);
  });
});
