// The handler with Turnstile on (no Deno, no network, handler-fakes.mjs): a fake verifier plays
// Cloudflare's siteverify.
import { describe, expect, it } from 'vitest';
import { createTurnstileVerifier } from '../../supabase/functions/send-contact-email/turnstile.ts';
import { ID, ROW, fakeMailer, fakeStore, post, handler } from './handler-fakes.mjs';

describe('Turnstile (optional)', () => {
  const verifierAnswering = (answer) => {
    const calls = [];
    const fetchImpl = async (url, init) => {
      calls.push({ url, body: String(init.body) });
      return Response.json(answer);
    };
    return {
      calls,
      verify: createTurnstileVerifier('secret-x', fetchImpl, 'http://verifier.test/siteverify'),
    };
  };

  it('verifies the stored token with the secret and the client address, then mails', async () => {
    const { calls, verify } = verifierAnswering({ success: true });
    const { sent, mailer } = fakeMailer();
    const store = fakeStore([{ ...ROW, captcha_token: 'tok-1' }]);
    const res = await handler({ mailer, store, captcha: verify })(post({ id: ID }));
    expect(res.status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(store.table.get(ID).captcha_verdict).toBe('passed');
    expect(calls[0].url).toBe('http://verifier.test/siteverify');
    expect(Object.fromEntries(new URLSearchParams(calls[0].body))).toEqual({
      secret: 'secret-x',
      response: 'tok-1',
      remoteip: '203.0.113.7',
    });
  });

  it('a refused token: verdict stored, kept for review, answered held, not mailed', async () => {
    const { verify } = verifierAnswering({
      success: false,
      'error-codes': ['invalid-input-response'],
    });
    const { sent, mailer } = fakeMailer();
    const store = fakeStore([{ ...ROW, captcha_token: 'tok-bad' }]);
    const res = await handler({ mailer, store, captcha: verify })(post({ id: ID }));
    expect(await res.json()).toEqual({ ok: true, held: true });
    expect(sent).toHaveLength(0);
    expect(store.table.get(ID)).toMatchObject({ spam: 'captcha', captcha_verdict: 'refused' });
  });

  it.each([
    ['tok-old', { success: false, 'error-codes': ['timeout-or-duplicate'] }, 'expired'],
    ['tok-x', { success: false, 'error-codes': ['invalid-input-secret'] }, 'unavailable'],
    [null, { success: true }, 'missing'],
  ])(
    'token %s: verdict stored, mailed at once marked « non vérifié »',
    async (token, answer, verdict) => {
      const { verify } = verifierAnswering(answer);
      const { sent, mailer } = fakeMailer();
      const store = fakeStore([{ ...ROW, captcha_token: token }]);
      const res = await handler({ mailer, store, captcha: verify })(post({ id: ID }));
      expect(await res.json()).toEqual({ ok: true });
      expect(sent).toHaveLength(1);
      expect(sent[0].subject).toMatch(/^\[non vérifié\] Nouvelle demande/);
      expect(store.table.get(ID)).toMatchObject({ spam: null, captcha_verdict: verdict });
    },
  );

  it('never verifies a row with a stored verdict, or one the agency released', async () => {
    const { calls, verify } = verifierAnswering({ success: false });
    for (const row of [
      { ...ROW, captcha_token: null, captcha_verdict: 'passed' },
      { ...ROW, captcha_token: 'tok-1', released_at: '2026-11-28T10:00:00Z' },
    ]) {
      const { sent, mailer } = fakeMailer();
      const res = await handler({ mailer, store: fakeStore([row]), captcha: verify })(
        post({ id: ID }),
      );
      expect(res.status).toBe(200);
      expect(sent).toHaveLength(1);
    }
    expect(calls).toHaveLength(0);
  });

  it('gives up on a siteverify that does not answer within the timeout', async () => {
    const hanging = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal.addEventListener('abort', () => reject(init.signal.reason)),
      );
    const verify = createTurnstileVerifier('secret-x', hanging, 'http://verifier.test/x', 50);
    await expect(verify('tok-1', null)).rejects.toThrow(/timeout|abort/i);
  });

  it('is off by default: no verifier, no check', async () => {
    const { sent, mailer } = fakeMailer();
    expect((await handler({ mailer })(post({ id: ID }))).status).toBe(200);
    expect(sent).toHaveLength(1);
  });
});
