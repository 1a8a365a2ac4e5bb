// Unit tests of the pure Edge Function handler (no Deno, no network): a fake mailer records mail.
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../supabase/functions/send-contact-email/handler.ts';
import { corsHeaders } from '../../supabase/functions/_shared/cors.ts';
import {
  createMailer,
  createResendMailer,
  MailSendError,
} from '../../supabase/functions/_shared/mailer.ts';
import { escapeHtml } from '../../supabase/functions/_shared/html.ts';

const ENV = { CONTACT_TO: 'agence@example.test', CONTACT_FROM: 'Site <site@example.test>' };
const VALID = {
  prenom: 'Ada',
  nom: 'Lovelace',
  email: 'ada@example.com',
  telephone: '0612345678',
  service_souhaite: 'Formation Équipe',
  message: 'Bonjour',
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

describe('send-contact-email handler', () => {
  it('answers the CORS preflight with 200 and the CORS headers, sending nothing', async () => {
    const { sent, mailer } = fakeMailer();
    const res = await createHandler({ env: ENV, mailer })(
      new Request('http://localhost/x', { method: 'OPTIONS' }),
    );
    expect(res.status).toBe(200);
    expectCors(res);
    expect(sent).toHaveLength(0);
  });

  it.each(['GET', 'PUT', 'DELETE', 'PATCH'])(
    'refuses %s with 405 JSON naming POST',
    async (method) => {
      const res = await createHandler({ env: ENV, mailer: fakeMailer().mailer })(
        new Request('http://localhost/x', { method }),
      );
      expect(res.status).toBe(405);
      expectCors(res);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect((await res.json()).error).toMatch(new RegExp(`${method}.*POST`));
    },
  );

  it.each([
    ['invalid JSON', '{"prenom": ', 400, /valid JSON/],
    ['an empty body', '', 400, /valid JSON/],
    ['a JSON array', '[]', 400, /JSON object/],
    ['a JSON string', '"hello"', 400, /JSON object/],
  ])('refuses %s with 400', async (_label, body, status, message) => {
    const { sent, mailer } = fakeMailer();
    const res = await createHandler({ env: ENV, mailer })(post(body));
    expect(res.status).toBe(status);
    expectCors(res);
    expect((await res.json()).error).toMatch(message);
    expect(sent).toHaveLength(0);
  });

  it.each([
    ['prenom missing', { prenom: undefined }, /"prenom" is required/],
    ['nom null', { nom: null }, /"nom" is required/],
    ['email blank', { email: '  \t ' }, /"email" must not be blank/],
    ['message blank', { message: '\n\n' }, /"message" must not be blank/],
    ['service missing', { service_souhaite: undefined }, /"service_souhaite" is required/],
    ['prenom not a string', { prenom: 42 }, /"prenom" must be a string/],
    ['prenom too long', { prenom: 'a'.repeat(101) }, /"prenom" must be at most 100/],
    ['nom too long', { nom: 'b'.repeat(101) }, /"nom" must be at most 100/],
    ['email too long', { email: `${'a'.repeat(250)}@x.fr` }, /"email" must be at most 254/],
    ['email without @', { email: 'ada.example.com' }, /"email" must be a valid e-mail/],
    ['email with a space', { email: 'ada lovelace@example.com' }, /"email" must be a valid e-mail/],
    [
      'email without a dot in the domain',
      { email: 'ada@example' },
      /"email" must be a valid e-mail/,
    ],
    ['telephone too long', { telephone: '0'.repeat(31) }, /"telephone" must be at most 30/],
    ['telephone not a string', { telephone: 612345678 }, /"telephone" must be a string/],
    [
      'unknown service',
      { service_souhaite: 'Plomberie' },
      /"service_souhaite" must be one of: Création de Site Web/,
    ],
    ['message too long', { message: 'm'.repeat(5001) }, /"message" must be at most 5000/],
    ['id not a uuid', { id: 'abc' }, /"id", when given, must be a UUID/],
  ])('refuses %s with 422 and a message naming the field', async (_label, change, message) => {
    const { sent, mailer } = fakeMailer();
    const res = await createHandler({ env: ENV, mailer })(post({ ...VALID, ...change }));
    expect(res.status).toBe(422);
    expectCors(res);
    expect((await res.json()).error).toMatch(message);
    expect(sent).toHaveLength(0);
  });

  it('counts characters like PostgreSQL: 100 emoji are 100 characters, not 200', async () => {
    const { sent, mailer } = fakeMailer();
    const res = await createHandler({ env: ENV, mailer })(
      post({ ...VALID, prenom: '😀'.repeat(100) }),
    );
    expect(res.status).toBe(200);
    expect(sent).toHaveLength(1);
  });

  it('accepts a missing or empty telephone', async () => {
    const { sent, mailer } = fakeMailer();
    const handler = createHandler({ env: ENV, mailer });
    expect((await handler(post({ ...VALID, telephone: undefined }))).status).toBe(200);
    expect((await handler(post({ ...VALID, telephone: '' }))).status).toBe(200);
    expect(sent).toHaveLength(2);
    expect(sent[0].text).toContain('Téléphone\u00a0: non renseigné');
  });

  it('sends one e-mail to CONTACT_TO from CONTACT_FROM, reply-to the visitor, with every field escaped', async () => {
    const { sent, mailer } = fakeMailer();
    const hostile = {
      ...VALID,
      id: '4f9a7c1e-8a4b-4c1d-9e2f-0a1b2c3d4e5f',
      prenom: '<script>alert(1)</script>',
      nom: 'O\'Brien & "fils"',
      message: 'Ligne 1\n<img src=x onerror=alert(2)>',
      service_souhaite: 'Support & Maintenance',
    };
    const res = await createHandler({ env: ENV, mailer })(post(hostile));
    expect(res.status).toBe(200);
    expectCors(res);
    expect(await res.json()).toEqual({ ok: true });
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.to).toBe(ENV.CONTACT_TO);
    expect(mail.from).toBe(ENV.CONTACT_FROM);
    expect(mail.replyTo).toBe(VALID.email);
    expect(mail.subject).toContain(hostile.prenom);
    expect(mail.subject).toContain('Support & Maintenance');
    expect(mail.idempotencyKey).toBe(`contact-${hostile.id}`);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    for (const value of [
      hostile.prenom,
      hostile.nom,
      hostile.email,
      hostile.telephone,
      hostile.service_souhaite,
      hostile.message,
    ]) {
      expect(mail.html).toContain(escapeHtml(value));
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('O&#39;Brien &amp; &quot;fils&quot;');
  });

  it('keeps the subject on one line', async () => {
    const { sent, mailer } = fakeMailer();
    await createHandler({ env: ENV, mailer })(
      post({ ...VALID, prenom: 'Ada\r\nBcc: evil@example.com' }),
    );
    expect(sent[0].subject).not.toMatch(/[\r\n]/);
  });

  it('answers 500 with a clear message when no mailer is configured', async () => {
    const res = await createHandler({ env: ENV, mailer: null, logError: silent })(post(VALID));
    expect(res.status).toBe(500);
    expectCors(res);
    expect((await res.json()).error).toMatch(/RESEND_API_KEY or SMTP_URL/);
  });

  it('answers 500 when CONTACT_TO is missing', async () => {
    const res = await createHandler({
      env: { CONTACT_FROM: 'x@y.z' },
      mailer: fakeMailer().mailer,
      logError: silent,
    })(post(VALID));
    expect(res.status).toBe(500);
    expect((await res.json()).error).toMatch(/CONTACT_TO/);
  });

  it('answers 502 when the mail provider fails, and logs the cause', async () => {
    const logged = [];
    const res = await createHandler({
      env: ENV,
      mailer: fakeMailer({ fail: true }).mailer,
      logError: (...a) => logged.push(a),
    })(post(VALID));
    expect(res.status).toBe(502);
    expectCors(res);
    expect((await res.json()).error).toMatch(/could not be sent/);
    expect(logged).toHaveLength(1);
  });
});

describe('mailer selection', () => {
  it('uses Resend when RESEND_API_KEY is set, SMTP when SMTP_URL is set, nothing otherwise', () => {
    const smtp = () => ({ kind: 'smtp', send: async () => {} });
    expect(createMailer({ RESEND_API_KEY: 're_x', SMTP_URL: 'smtp://h:1' }, { smtp })?.kind).toBe(
      'resend',
    );
    expect(createMailer({ SMTP_URL: 'smtp://h:1' }, { smtp })?.kind).toBe('smtp');
    expect(createMailer({}, { smtp })).toBeNull();
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
