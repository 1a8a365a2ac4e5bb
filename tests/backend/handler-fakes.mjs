// The Edge Function handler's unit tests' fakes (handler*.test.mjs): a mailer that records mail,
// an in-memory store of rows, the requests the form and the sweep send, the handler built on them.
import { expect } from 'vitest';
import { createHandler } from '../../supabase/functions/send-contact-email/handler.ts';
import { corsHeaders } from '../../supabase/functions/_shared/cors.ts';
import { MailSendError } from '../../supabase/functions/_shared/mailer.ts';

export const ENV = { CONTACT_TO: 'agence@example.test', CONTACT_FROM: 'Site <site@example.test>' };
export const ID = '7d3c1c8e-6f0b-4d3a-9a57-2f1e0c9b8a01';
export const ROW = {
  id: ID,
  prenom: 'Ada',
  nom: 'Lovelace',
  email: 'ada@example.com',
  telephone: '0612345678',
  service_souhaite: 'Formation Équipe',
  message: 'Bonjour',
  client_address: '203.0.113.7',
  captcha_token: null,
};

export function fakeMailer({ fail = false } = {}) {
  const sent = [];
  return {
    sent,
    mailer: {
      kind: 'fake',
      async send(message) {
        if (fail) throw new MailSendError('boom');
        sent.push(message);
      },
    },
  };
}

/** In-memory public.contacts with the store's semantics. */
export function fakeStore(rows = [ROW]) {
  const table = new Map(
    rows.map((row) => [row.id, { ...row, mailed: false, spam: null, claimed: false }]),
  );
  return {
    table,
    async claim(id) {
      const row = table.get(id);
      if (!row) return { refusal: 'unknown' };
      if (row.spam) return { refusal: 'spam' };
      if (row.mailed) return { refusal: 'mailed' };
      if (row.claimed) return { refusal: 'busy' };
      row.claimed = true;
      const { mailed, spam, claimed, ...stored } = row;
      return { row: stored };
    },
    async markMailed(id) {
      Object.assign(table.get(id), { mailed: true, claimed: false });
    },
    async release(id) {
      table.get(id).claimed = false;
    },
    async takeMailSlot() {
      return 'ok';
    },
    async isSweepSecret(secret) {
      return secret === SWEEP_SECRET;
    },
    async releaseTokens(ids) {
      return ids.map((id) => ({ id, token: `${id}.1.sig`, expiresAt: '2026-12-01T10:00:00Z' }));
    },
    async recordCaptchaVerdict(id, verdict) {
      const row = table.get(id);
      if (row.captcha_verdict) return row.captcha_verdict;
      row.captcha_verdict = verdict;
      if (verdict === 'refused') Object.assign(row, { spam: 'captcha', claimed: false });
      return verdict;
    },
  };
}

/** The sweep's secret in these unit tests (the database makes the real one). */
export const SWEEP_SECRET = 'unit-test-sweep-secret';

/** The sweep's call for a digest: with its secret. */
export const sweepPost = (body) =>
  post(body, {
    headers: { 'Content-Type': 'application/json', 'X-Sweep-Secret': SWEEP_SECRET },
  });

export function post(body, init = {}) {
  return new Request('http://localhost/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

export function expectCors(response) {
  for (const [name, value] of Object.entries(corsHeaders))
    expect(response.headers.get(name)).toBe(value);
}

export const silent = () => {};
export const handler = (over = {}) =>
  createHandler({
    env: ENV,
    mailer: fakeMailer().mailer,
    store: fakeStore(),
    logError: silent,
    ...over,
  });
