// Unit tests of the pure Edge Function handler (no Deno, no network), on the fakes of
// handler-fakes.mjs: the request it takes, the row it mails once, its refusals.
import { describe, expect, it } from 'vitest';
import {
  createHandler,
  MAX_BODY_BYTES,
} from '../../supabase/functions/send-contact-email/handler.ts';
import { escapeHtml } from '../../supabase/functions/_shared/html.ts';
import {
  ENV,
  ID,
  ROW,
  fakeMailer,
  fakeStore,
  post,
  expectCors,
  handler,
} from './handler-fakes.mjs';

describe('send-contact-email handler', () => {
  it('answers the CORS preflight with 200 and the CORS headers, sending nothing', async () => {
    const { sent, mailer } = fakeMailer();
    const res = await handler({ mailer })(new Request('http://localhost/x', { method: 'OPTIONS' }));
    expect(res.status).toBe(200);
    expectCors(res);
    expect(sent).toHaveLength(0);
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])(
    'refuses %s with 405 JSON naming POST',
    async (method) => {
      const res = await handler()(new Request('http://localhost/x', { method }));
      expect(res.status).toBe(405);
      expectCors(res);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect((await res.json()).error).toMatch(new RegExp(`${method}.*POST`));
    },
  );

  it.each([
    [
      'text/plain (a page firing it without a CORS preflight)',
      { 'Content-Type': 'text/plain' },
      415,
      /application\/json/,
    ],
    [
      'a form body',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      415,
      /application\/json/,
    ],
  ])('refuses %s with %s', async (_label, headers, status, message) => {
    const { sent, mailer } = fakeMailer();
    const res = await handler({ mailer })(post({ id: ID }, { headers }));
    expect(res.status).toBe(status);
    expectCors(res);
    expect((await res.json()).error).toMatch(message);
    expect(sent).toHaveLength(0);
  });

  it('refuses a body over 16 KB with 413, sending nothing', async () => {
    const { sent, mailer } = fakeMailer();
    const res = await handler({ mailer })(post({ id: ID, message: 'x'.repeat(MAX_BODY_BYTES) }));
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatch(/16384 bytes/);
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['invalid JSON', '{"id": ', /valid JSON/],
    ['an empty body', '', /valid JSON/],
    ['a JSON array', '[]', /"id"/],
    ['no id', JSON.stringify({ prenom: 'Ada' }), /"id"/],
    ['an id that is not a UUID', JSON.stringify({ id: 'abc' }), /"id"/],
  ])('refuses %s with 400', async (_label, body, message) => {
    const { sent, mailer } = fakeMailer();
    const res = await handler({ mailer })(post(body));
    expect(res.status).toBe(400);
    expectCors(res);
    expect((await res.json()).error).toMatch(message);
    expect(sent).toHaveLength(0);
  });

  it('refuses fields that break the contact rules with 422 naming field and rule', async () => {
    const { sent, mailer } = fakeMailer();
    const res = await handler({ mailer })(post({ ...ROW, email: 'x,y@b.co' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ field: 'email', rule: 'format' });
    expect(sent).toHaveLength(0);
  });

  it('refuses an unknown id with 404 and mails nothing', async () => {
    const { sent, mailer } = fakeMailer();
    const res = await handler({ mailer })(post({ id: crypto.randomUUID() }));
    expect(res.status).toBe(404);
    expect(sent).toHaveLength(0);
  });

  it('mails the STORED row, not the body, with the row id as idempotency key', async () => {
    const { sent, mailer } = fakeMailer();
    const res = await handler({ mailer })(
      post({ ...ROW, prenom: 'Mallory', email: 'evil@evil.io', message: 'Spam' }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    expect(sent[0].replyTo).toBe(ROW.email);
    expect(sent[0].subject).toContain('Ada');
    expect(sent[0].text).not.toContain('Mallory');
    expect(sent[0].idempotencyKey).toBe(ID);
  });

  it('mails once: a second call for the same row answers success without mailing', async () => {
    const { sent, mailer } = fakeMailer();
    const send = handler({ mailer });
    expect((await send(post({ id: ID }))).status).toBe(200);
    const again = await send(post({ id: ID }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
  });

  it('never mails a row flagged as spam, and answers as if it had', async () => {
    const { sent, mailer } = fakeMailer();
    const store = fakeStore();
    store.table.get(ID).spam = 'honeypot';
    const res = await handler({ mailer, store })(post({ id: ID }));
    expect(res.status).toBe(200);
    expect(sent).toHaveLength(0);
  });

  it('escapes every stored value in the HTML part', async () => {
    const { sent, mailer } = fakeMailer();
    const hostile = {
      ...ROW,
      prenom: '<script>alert(1)</script>',
      nom: 'O\'Brien & "fils"',
      message: 'Ligne 1\n<img src=x onerror=alert(2)>',
    };
    await handler({ mailer, store: fakeStore([hostile]) })(post({ id: ID }));
    const [mail] = sent;
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    for (const value of [hostile.prenom, hostile.nom, hostile.message]) {
      expect(mail.html).toContain(escapeHtml(value));
      expect(mail.text).toContain(value);
    }
  });

  it('answers 500 with a clear message when no mailer is configured', async () => {
    const res = await handler({ mailer: null })(post({ id: ID }));
    expect(res.status).toBe(500);
    expectCors(res);
    expect((await res.json()).error).toMatch(/RESEND_API_KEY or SMTP_URL/);
  });

  it('answers 502 when the mail provider fails, and releases the row for a retry', async () => {
    const logged = [];
    const store = fakeStore();
    const failing = createHandler({
      env: ENV,
      mailer: fakeMailer({ fail: true }).mailer,
      store,
      logError: (...a) => logged.push(a),
    });
    const res = await failing(post({ id: ID }));
    expect(res.status).toBe(502);
    expect((await res.json()).error).toMatch(/could not be sent/);
    expect(logged).toHaveLength(1);
    const { sent, mailer } = fakeMailer();
    expect((await handler({ mailer, store })(post({ id: ID }))).status).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it('answers a row held over the hourly ceiling with success, mailing nothing', async () => {
    const { sent, mailer } = fakeMailer();
    const store = { ...fakeStore(), claim: async () => ({ refusal: 'held' }) };
    const res = await handler({ mailer, store })(post({ id: ID }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(sent).toHaveLength(0);
  });

  it('refuses lead-source fields that break their rules with 422 naming the field', async () => {
    const res = await handler()(post({ id: ID, page: 'https://evil.example/' }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ field: 'page', rule: 'format' });
  });
});
