// The real send-contact-email function (Deno, via the gateway) against the real database and SMTP
// catcher: it mails the STORED row, once, whoever calls it.
import { FunctionsHttpError } from '@supabase/functions-js';
import { describe, expect, it } from 'vitest';
import {
  backend,
  caughtMail,
  control,
  mailAbout,
  storedContact,
  supabaseClient,
  validContact,
  waitForMail,
} from './support.mjs';

const functionUrl = () => `${backend().urls.functionsUrl}/send-contact-email`;

/** Stores a row as the form does (insert as anon) and returns it. */
async function stored(overrides = {}) {
  const row = validContact(overrides);
  const { error } = await supabaseClient().from('contacts').insert(row);
  expect(error).toBeNull();
  return row;
}

/** The body the form sends: the row id and the six fields. */
const bodyOf = ({ id, prenom, nom, email, telephone, service_souhaite, message }) => ({
  id,
  prenom,
  nom,
  email,
  telephone,
  service_souhaite,
  message,
});

function invokeRaw(body, init = {}) {
  return fetch(functionUrl(), {
    method: 'POST',
    headers: {
      apikey: backend().keys.publishable,
      'Content-Type': 'application/json',
      ...init.headers,
    },
    body,
    ...init,
  });
}

describe('send-contact-email through the gateway', () => {
  it('e-mails the agency inbox once, with every stored field and the HTML escaped', async () => {
    const contact = await stored({
      nom: '<b>Lovelace</b> & "Byron"',
      message: "Bonjour,\n<script>alert('x')</script>\nÀ bientôt",
      service_souhaite: 'Support & Maintenance',
    });
    const { data, error } = await supabaseClient().functions.invoke('send-contact-email', {
      body: bodyOf(contact),
    });
    expect(error).toBeNull();
    expect(data).toEqual({ ok: true });

    const mails = await waitForMail(contact.prenom);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to.map((t) => t.address)).toEqual(['contact@agence-exemple.fr']);
    expect(mail.from[0].address).toBe('no-reply@agence-exemple.fr');
    expect(mail.replyTo?.[0]?.address ?? mail.headers['reply-to']).toContain(contact.email);
    expect(mail.subject).toContain(contact.prenom);
    expect(mail.subject).toContain('Support & Maintenance');
    for (const value of Object.values(bodyOf(contact)).slice(1)) expect(mail.text).toContain(value);
    expect(mail.html).toContain('&lt;b&gt;Lovelace&lt;/b&gt; &amp; &quot;Byron&quot;');
    expect(mail.html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    expect((await storedContact(contact.id)).mailed_at).toBeInstanceOf(Date);
  });

  it('works with the legacy anon key too (Authorization: Bearer <anon JWT>)', async () => {
    const contact = await stored();
    const { error } = await supabaseClient(backend().keys.anon).functions.invoke(
      'send-contact-email',
      { body: bodyOf(contact) },
    );
    expect(error).toBeNull();
    expect(await waitForMail(contact.prenom)).toHaveLength(1);
  });

  it('refuses an unknown id with 404 and mails nothing', async () => {
    const before = (await caughtMail()).length;
    const res = await invokeRaw(JSON.stringify(bodyOf(validContact())));
    expect(res.status).toBe(404);
    expect((await res.json()).error).toMatch(/No contact request with id/);
    expect((await caughtMail()).length).toBe(before);
  });

  it('mails the same id once, however often it is called (also concurrently)', async () => {
    const contact = await stored();
    const answers = await Promise.all(
      [1, 2, 3].map(() => invokeRaw(JSON.stringify(bodyOf(contact)))),
    );
    expect(answers.every((res) => res.ok)).toBe(true);
    const again = await invokeRaw(JSON.stringify({ id: contact.id }));
    expect(await again.json()).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 500));
    expect(await waitForMail(contact.prenom)).toHaveLength(1);
  });

  it('mails the row, not a body that differs from it', async () => {
    const contact = await stored();
    const forged = {
      ...bodyOf(contact),
      nom: 'Mallory',
      email: 'evil@evil.example',
      message: 'Achetez',
    };
    expect((await invokeRaw(JSON.stringify(forged))).status).toBe(200);
    const [mail] = await waitForMail(contact.prenom);
    expect(mail.text).toContain(contact.message);
    expect(mail.text).not.toContain('Mallory');
    expect(mail.replyTo?.[0]?.address ?? mail.headers['reply-to']).toContain(contact.email);
  });

  it.each([
    ['invalid JSON', '{"id": ', {}, 400, /valid JSON/],
    ['no id', JSON.stringify({ prenom: 'Ada' }), {}, 400, /"id"/],
    [
      'text/plain (no CORS preflight)',
      JSON.stringify({ id: crypto.randomUUID() }),
      { 'Content-Type': 'text/plain' },
      415,
      /application\/json/,
    ],
    [
      'a 20 MB body',
      JSON.stringify({ id: crypto.randomUUID(), message: 'x'.repeat(20_000_000) }),
      {},
      413,
      /at most 16384 bytes/,
    ],
    [
      'a field the rules refuse',
      JSON.stringify({ ...validContact(), email: 'Evil<x@evil.io>' }),
      {},
      422,
      /"email" must be one e-mail address/,
    ],
  ])(
    'refuses %s with a 4xx and a clear JSON message, sending nothing',
    async (_label, body, headers, status, message) => {
      const before = (await caughtMail()).length;
      const res = await invokeRaw(body, {
        headers: { 'Content-Type': 'application/json', ...headers },
      });
      expect(res.status).toBe(status);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect((await res.json()).error).toMatch(message);
      expect((await caughtMail()).length).toBe(before);
    },
  );

  it('refuses GET with 405', async () => {
    const res = await fetch(functionUrl(), { headers: { apikey: backend().keys.publishable } });
    expect(res.status).toBe(405);
    expect((await res.json()).error).toMatch(/Method GET is not allowed; use POST/);
  });

  it('gives functions-js a FunctionsHttpError whose body names the field', async () => {
    const { data, error } = await supabaseClient().functions.invoke('send-contact-email', {
      body: { ...bodyOf(validContact()), nom: '\u00a0' },
    });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error.context.status).toBe(422);
    expect(await error.context.json()).toMatchObject({ field: 'nom', rule: 'required' });
  });

  it('answers the browser preflight itself with the CORS headers', async () => {
    const res = await fetch(functionUrl(), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:4321',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey,content-type,x-client-info',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = res.headers
      .get('access-control-allow-headers')
      .split(',')
      .map((h) => h.trim());
    expect(allowed).toEqual(
      expect.arrayContaining(['apikey', 'content-type', 'x-client-info', 'authorization']),
    );
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });

  it('answers an unknown function with 404', async () => {
    const res = await fetch(`${backend().urls.functionsUrl}/nope`, {
      method: 'POST',
      headers: { apikey: backend().keys.publishable },
    });
    expect(res.status).toBe(404);
  });
});

describe('failures for real', () => {
  it('fails with 502 while the SMTP catcher is down, and mails once when it is back', async () => {
    const contact = await stored();
    await control('mail/stop');
    try {
      const { error } = await supabaseClient().functions.invoke('send-contact-email', {
        body: bodyOf(contact),
      });
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(error.context.status).toBe(502);
      expect((await error.context.json()).error).toMatch(/could not be sent/);
      expect((await storedContact(contact.id)).mailed_at).toBeNull();
    } finally {
      await control('mail/start');
    }
    const { error } = await supabaseClient().functions.invoke('send-contact-email', {
      body: bodyOf(contact),
    });
    expect(error).toBeNull();
    expect(await waitForMail(contact.prenom)).toHaveLength(1);
  });

  it('gives network errors while the gateway is down, and works again once it is back', async () => {
    await control('gateway/stop');
    try {
      const insert = await supabaseClient().from('contacts').insert(validContact());
      expect(insert.status).toBe(0);
      expect(insert.error?.message).toMatch(/fetch failed/);
      const { error } = await supabaseClient().functions.invoke('send-contact-email', {
        body: bodyOf(validContact()),
      });
      expect(error?.name).toBe('FunctionsFetchError');
    } finally {
      await control('gateway/start');
    }
    expect((await supabaseClient().from('contacts').insert(validContact())).error).toBeNull();
  });

  it('reports every part healthy on GET /health', async () => {
    const res = await fetch(`${backend().urls.apiUrl}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      status: 'ok',
      database: true,
      mail: true,
      functions: { 'form-post': true, newsletter: true, 'send-contact-email': true },
    });
  });
});
