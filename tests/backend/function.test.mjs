// The real send-contact-email function (Deno, via the gateway) against the real SMTP catcher.
import { FunctionsHttpError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import {
  backend,
  caughtMail,
  control,
  mailAbout,
  supabaseClient,
  validContact,
} from './support.mjs';

const functionUrl = () => `${backend().urls.functionsUrl}/send-contact-email`;

/** Waits until maildev lists `count` e-mails about `needle` (SMTP delivery is asynchronous to the listing). */
async function waitForMail(needle, count = 1, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  let found = [];
  while (Date.now() < deadline) {
    found = await mailAbout(needle);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return found;
}

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
  it('e-mails the agency inbox once, with every field and the HTML escaped', async () => {
    const contact = validContact({
      nom: '<b>Lovelace</b> & "Byron"',
      message: "Bonjour,\n<script>alert('x')</script>\nÀ bientôt",
      service_souhaite: 'Support & Maintenance',
    });
    const { data, error } = await supabaseClient().functions.invoke('send-contact-email', {
      body: contact,
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
    for (const value of [
      contact.prenom,
      contact.nom,
      contact.email,
      contact.telephone,
      contact.service_souhaite,
      contact.message,
    ]) {
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain('&lt;b&gt;Lovelace&lt;/b&gt; &amp; &quot;Byron&quot;');
    expect(mail.html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;');
    expect(mail.html).toContain('Support &amp; Maintenance');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Lovelace');
  });

  it('works with the legacy anon key too (Authorization: Bearer <anon JWT>)', async () => {
    const contact = validContact();
    const { error } = await supabaseClient(backend().keys.anon).functions.invoke(
      'send-contact-email',
      { body: contact },
    );
    expect(error).toBeNull();
    expect(await waitForMail(contact.prenom)).toHaveLength(1);
  });

  it.each([
    ['invalid JSON', '{"prenom": "Ada",', 400, /valid JSON/],
    [
      'a missing field',
      JSON.stringify({ ...validContact(), email: undefined }),
      422,
      /"email" is required/,
    ],
    [
      'a bad e-mail',
      JSON.stringify(validContact({ email: 'ada@' })),
      422,
      /"email" must be a valid e-mail/,
    ],
    [
      'an unknown service',
      JSON.stringify(validContact({ service_souhaite: 'Plomberie' })),
      422,
      /"service_souhaite" must be one of/,
    ],
    [
      'an over-long message',
      JSON.stringify(validContact({ message: 'x'.repeat(5001) })),
      422,
      /"message" must be at most 5000/,
    ],
  ])(
    'refuses %s with a 4xx and a clear JSON message, sending nothing',
    async (_label, body, status, message) => {
      const before = (await caughtMail()).length;
      const res = await invokeRaw(body);
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

  it('gives supabase-js a FunctionsHttpError whose body names the field', async () => {
    const { data, error } = await supabaseClient().functions.invoke('send-contact-email', {
      body: { prenom: 'Ada' },
    });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(error.context.status).toBe(422);
    expect((await error.context.json()).error).toMatch(/"nom" is required/);
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
  it('fails with 502 while the SMTP catcher is down, and works again once it is back', async () => {
    const contact = validContact();
    await control('mail/stop');
    try {
      const { error } = await supabaseClient().functions.invoke('send-contact-email', {
        body: contact,
      });
      expect(error).toBeInstanceOf(FunctionsHttpError);
      expect(error.context.status).toBe(502);
      expect((await error.context.json()).error).toMatch(/could not be sent/);
    } finally {
      await control('mail/start');
    }
    const { error } = await supabaseClient().functions.invoke('send-contact-email', {
      body: contact,
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
        body: validContact(),
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
      functions: { 'send-contact-email': true },
    });
  });
});
