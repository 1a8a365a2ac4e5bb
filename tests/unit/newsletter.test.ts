import { describe, expect, it } from 'vitest';
import { subscribeNewsletter } from '../../src/lib/contact/newsletter';
import type { FormsClient, InsertResult } from '../../src/lib/contact/supabase-config';

function fakeClient(answer: InsertResult | Error, invokeError: unknown = null) {
  const calls: Array<{ target: string; payload: Record<string, unknown> }> = [];
  const client: FormsClient = {
    from: (table) => ({
      insert: async (row) => {
        calls.push({ target: table, payload: row });
        if (answer instanceof Error) throw answer;
        return answer;
      },
    }),
    functions: {
      invoke: async (name, { body }) => {
        calls.push({ target: name, payload: body });
        return { error: invokeError };
      },
    },
  };
  return { client, calls };
}

describe('subscribeNewsletter', () => {
  it('stores the trimmed address, then asks for the confirmation e-mail', async () => {
    const { client, calls } = fakeClient({ error: null, status: 201 });
    expect(await subscribeNewsletter(client, ' ada@example.com ', { fillMs: 4000 })).toEqual({
      ok: true,
    });
    expect(calls).toEqual([
      {
        target: 'newsletter_subscriptions',
        payload: { email: 'ada@example.com', site_web: '', fill_ms: 4000 },
      },
      { target: 'newsletter', payload: { email: 'ada@example.com' } },
    ]);
  });

  it('sends a filled honeypot as it is, for the server to flag', async () => {
    const { client, calls } = fakeClient({ error: null, status: 201 });
    await subscribeNewsletter(client, 'bot@spam.io', { honeypot: 'filled', fillMs: 10 });
    expect(calls[0].payload).toMatchObject({ site_web: 'filled', fill_ms: 10 });
  });

  it('reads the wait of a rate-limit refusal and flags a refused address', async () => {
    const limited = { code: 'rate_limited', details: 'retry_after=120', message: 'Too many' };
    expect(await subscribeNewsletter(fakeClient({ error: limited }).client, 'a@b.fr')).toEqual({
      ok: false,
      error: limited,
      retryAfter: 120,
    });
    const refusal = { code: '23514', message: 'check' };
    expect(await subscribeNewsletter(fakeClient({ error: refusal }).client, 'x@y.fr')).toEqual({
      ok: false,
      error: refusal,
      invalidEmail: true,
    });
  });

  it('refuses an empty or malformed address before sending anything', async () => {
    for (const address of ['', '   ', 'x@y', 'ada@example.com, bob@example.com']) {
      const { client, calls } = fakeClient({ error: null, status: 201 });
      expect(await subscribeNewsletter(client, address), address).toMatchObject({
        ok: false,
        invalidEmail: true,
      });
      expect(calls, address).toEqual([]);
    }
  });

  it('reports a failed function call and network failures as errors', async () => {
    const fnError = { name: 'FunctionsHttpError' };
    expect(
      await subscribeNewsletter(fakeClient({ error: null }, fnError).client, 'a@b.fr'),
    ).toEqual({ ok: false, error: fnError });
    const boom = new TypeError('Failed to fetch');
    expect(await subscribeNewsletter(fakeClient(boom).client, 'x@y.fr')).toEqual({
      ok: false,
      error: boom,
    });
  });
});
