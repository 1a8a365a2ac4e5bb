// Unit tests of the pure Edge Function handler (no Deno, no network): a fake mailer records mail, a
// fake store holds rows, a fake verifier plays Turnstile.
import { describe, expect, it } from 'vitest';
import {
  createHandler,
  MAX_BODY_BYTES,
} from '../../supabase/functions/send-contact-email/handler.ts';
import { corsHeaders } from '../../supabase/functions/_shared/cors.ts';
import {
  createMailer,
  createResendMailer,
  MailSendError,
} from '../../supabase/functions/_shared/mailer.ts';
import { escapeHtml } from '../../supabase/functions/_shared/html.ts';
import { createTurnstileVerifier } from '../../supabase/functions/send-contact-email/turnstile.ts';

const ENV = { CONTACT_TO: 'agence@example.test', CONTACT_FROM: 'Site <site@example.test>' };
const ID = '7d3c1c8e-6f0b-4d3a-9a57-2f1e0c9b8a01';
const ROW = {
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

function fakeMailer({ fail = false } = {}) {
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
function fakeStore(rows = [ROW]) {
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
const SWEEP_SECRET = 'unit-test-sweep-secret';

/** The sweep's call for a digest: with its secret. */
const sweepPost = (body) =>
  post(body, {
    headers: { 'Content-Type': 'application/json', 'X-Sweep-Secret': SWEEP_SECRET },
  });

function post(body, init = {}) {
  return new Request('http://localhost/send-contact-email', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...init,
  });
}

function expectCors(response) {
  for (const [name, value] of Object.entries(corsHeaders))
    expect(response.headers.get(name)).toBe(value);
}

const silent = () => {};
const handler = (over = {}) =>
  createHandler({
    env: ENV,
    mailer: fakeMailer().mailer,
    store: fakeStore(),
    logError: silent,
    ...over,
  });

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

describe('digests', () => {
  /** A store holding one claimable digest of two rows; records marks and releases. */
  function digestStore(kind) {
    const log = [];
    let due = true;
    const contacts = [
      {
        ...ROW,
        created_at: '2026-11-24T09:00:00Z',
        spam_reason: kind === 'spam' ? 'too_fast' : null,
      },
      {
        ...ROW,
        id: 'b1',
        prenom: 'Grace',
        nom: 'Hopper',
        created_at: '2026-11-24T09:05:00Z',
        spam_reason: kind === 'spam' ? 'honeypot' : null,
      },
    ];
    return {
      log,
      store: {
        ...fakeStore(),
        async claimDigest(k) {
          log.push(['claim', k]);
          return due && k === kind ? { id: 'digest-1', kind, contacts } : null;
        },
        async markDigestMailed(id) {
          due = false;
          log.push(['mailed', id]);
        },
        async releaseDigest(id) {
          log.push(['released', id]);
        },
      },
    };
  }

  it('sends the due ceiling digest once, every row in full, keyed by the digest id', async () => {
    const { sent, mailer } = fakeMailer();
    const { store, log } = digestStore('ceiling');
    const send = handler({ mailer, store });
    const res = await send(sweepPost({ digest: 'ceiling' }));
    expect(await res.json()).toEqual({ ok: true, digest: 'digest-1', contacts: 2 });
    expect((await send(sweepPost({ digest: 'ceiling' }))).status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toBe('digest-1');
    expect(sent[0].text).toContain('Ada Lovelace');
    expect(sent[0].text).toContain('Grace Hopper');
    expect(log).toContainEqual(['mailed', 'digest-1']);
  });

  it('lists flagged rows in « À vérifier » with their reason and release command', async () => {
    const { sent, mailer } = fakeMailer();
    const { store } = digestStore('spam');
    await handler({ mailer, store })(sweepPost({ digest: 'spam' }));
    expect(sent[0].subject).toBe(
      '«\u00a0À vérifier\u00a0» — 2\u00a0messages classés comme indésirables',
    );
    expect(sent[0].text).toContain('envoyé en moins de 3\u00a0secondes');
    expect(sent[0].text).toContain('champ caché rempli');
    expect(sent[0].text).toContain(`select private.release_contact('${ID}');`);
    expect(sent[0].html).toContain('&lt;ada@example.com&gt;');
  });

  it('gives a digest back with 502 when the mail provider fails', async () => {
    const { store, log } = digestStore('ceiling');
    const res = await handler({ mailer: fakeMailer({ fail: true }).mailer, store })(
      sweepPost({ digest: 'ceiling' }),
    );
    expect(res.status).toBe(502);
    expect(log).toContainEqual(['released', 'digest-1']);
    expect(log).not.toContainEqual(['mailed', 'digest-1']);
  });

  it('refuses a digest asked without the sweep’s secret with 403, sending nothing', async () => {
    const { sent, mailer } = fakeMailer();
    const { store, log } = digestStore('unmailed');
    const send = handler({ mailer, store });
    for (const request of [
      post({ digest: 'unmailed' }),
      post(
        { digest: 'unmailed' },
        { headers: { 'Content-Type': 'application/json', 'X-Sweep-Secret': 'guess' } },
      ),
    ])
      expect((await send(request)).status).toBe(403);
    expect(sent).toHaveLength(0);
    expect(log).toEqual([]);
  });

  it('refuses an unknown digest kind with 400', async () => {
    const res = await handler()(sweepPost({ digest: 'weekly' }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/"ceiling", "spam", "unmailed", "held" or "check"/);
  });
});

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

describe('mailer selection', () => {
  it('mails through Resend or SMTP, whichever is configured, else through nothing', () => {
    const smtp = () => ({ kind: 'smtp', send: async () => {} });
    expect(createMailer({ RESEND_API_KEY: 're_x', SMTP_URL: 'smtp://h:1' }, { smtp })?.kind).toBe(
      'resend',
    );
    expect(createMailer({ SMTP_URL: 'smtp://h:1' }, { smtp })?.kind).toBe('smtp');
    expect(createMailer({}, { smtp })).toBeNull();
  });

  it('gives up on a Resend API that does not answer within the timeout', async () => {
    const hanging = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal.addEventListener('abort', () => reject(init.signal.reason)),
      );
    const mailer = createResendMailer('re_test', hanging, 'http://resend.test/emails', 50);
    await expect(
      mailer.send({
        from: 'a@b.c',
        to: 'd@e.f',
        replyTo: 'g@h.i',
        subject: 's',
        html: '',
        text: '',
      }),
    ).rejects.toThrow(MailSendError);
  });

  it('posts the Resend API shape with the key, reply_to and idempotency key', async () => {
    const calls = [];
    const fakeFetch = async (url, init) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ id: 'x' }), { status: 200 });
    };
    await createResendMailer('re_test', fakeFetch).send({
      from: 'a@b.c',
      to: 'd@e.f',
      replyTo: 'g@h.i',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
      idempotencyKey: 'contact-1',
    });
    expect(calls[0].url).toBe('https://api.resend.com/emails');
    expect(calls[0].init.headers.Authorization).toBe('Bearer re_test');
    expect(calls[0].init.headers['Idempotency-Key']).toBe('contact-1');
    expect(JSON.parse(calls[0].init.body)).toEqual({
      from: 'a@b.c',
      to: ['d@e.f'],
      reply_to: 'g@h.i',
      subject: 's',
      html: '<p>h</p>',
      text: 't',
    });
  });

  it('turns a Resend error status into MailSendError', async () => {
    const fakeFetch = async () => new Response('{"message":"invalid key"}', { status: 401 });
    await expect(
      createResendMailer('re_bad', fakeFetch).send({
        from: 'a',
        to: 'b',
        replyTo: 'c',
        subject: 's',
        html: 'h',
        text: 't',
      }),
    ).rejects.toThrow(/401/);
  });
});
