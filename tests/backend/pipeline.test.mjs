// The pipeline's promises, each checked by counting rows and e-mails on the real backend: a lead
// reaches the agency exactly once (browser call, retries, sweep), and abuse is refused server-side.
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminClient,
  backend,
  control,
  mailAbout,
  postFrom,
  setRateLimit,
  storedContact,
  supabaseClient,
  validContact,
  waitForMail,
} from './support.mjs';

const invoke = (body) =>
  fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
    method: 'POST',
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Rows of public.contacts whose e-mail is `email`. */
async function rowsFor(email) {
  const db = await adminClient();
  try {
    return (await db.query('select * from public.contacts where email = $1', [email])).rows;
  } finally {
    await db.end();
  }
}

/** Counts the e-mails about `needle` after giving SMTP a moment. */
async function mailCount(needle) {
  await new Promise((r) => setTimeout(r, 400));
  return (await mailAbout(needle)).length;
}

describe('exactly one e-mail per row', () => {
  it('mails a row whose visitor left before the function call, once, through the sweep', async () => {
    const row = validContact();
    expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
    expect(await mailCount(row.prenom)).toBe(0);
    const first = await control('sweep');
    expect(first.mailed).toBeGreaterThanOrEqual(1);
    expect(await waitForMail(row.prenom)).toHaveLength(1);
    // A late browser call and a second sweep mail nothing more.
    expect((await invoke({ id: row.id })).status).toBe(200);
    await control('sweep');
    expect(await mailCount(row.prenom)).toBe(1);
    expect((await storedContact(row.id)).mailed_at).toBeInstanceOf(Date);
  });

  it('leaves recent rows to the browser: the sweep takes rows over 2 minutes old', async () => {
    const db = await adminClient();
    try {
      const row = validContact();
      await supabaseClient().from('contacts').insert(row);
      const due = async () =>
        (await db.query('select due from private.contacts_due_for_mail() as due')).rows.map(
          (r) => r.due,
        );
      expect(await due()).not.toContain(row.id);
      await db.query(
        `update public.contacts set created_at = now() - interval '3 minutes' where id = $1`,
        [row.id],
      );
      expect(await due()).toContain(row.id);
      await invoke({ id: row.id });
      expect(await due()).not.toContain(row.id);
    } finally {
      await db.end();
    }
  });

  it('mails once when the browser call and the sweep race', async () => {
    const row = validContact();
    await supabaseClient().from('contacts').insert(row);
    await Promise.all([invoke({ id: row.id }), control('sweep'), invoke({ id: row.id })]);
    expect(await waitForMail(row.prenom)).toHaveLength(1);
    expect(await mailCount(row.prenom)).toBe(1);
  });
});

describe('abuse refused server-side', () => {
  afterEach(async () => {
    await setRateLimit('contacts_per_address', 100000);
    await setRateLimit('contacts_per_email', 5);
  });

  it('refuses a bulk insert of 1000 rows, storing none', async () => {
    const rows = Array.from({ length: 1000 }, () => validContact({ email: 'bulk@example.com' }));
    const res = await postFrom('/rest/v1/contacts', rows, { from: '127.0.0.9' });
    expect([400, 429]).toContain(res.status);
    expect(JSON.parse(res.text)).toHaveProperty('code');
    expect(await rowsFor('bulk@example.com')).toHaveLength(0);
  });

  it('limits one client address with 429 while another address gets through', async () => {
    await setRateLimit('contacts_per_address', 3);
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(await postFrom('/rest/v1/contacts', validContact(), { from: '127.0.0.21' }));
    }
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 429, 429]);
    const refusal = answers[3];
    expect(refusal.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(refusal.headers['retry-after'])).toBeGreaterThan(3000);
    const body = JSON.parse(refusal.text);
    expect(Object.keys(body)).toEqual(['code', 'details', 'hint', 'message']);
    expect(body.code).toBe('rate_limited');
    expect(body.details).toMatch(/^retry_after=\d+$/);
    // An honest visitor elsewhere is not affected.
    const other = validContact();
    expect((await postFrom('/rest/v1/contacts', other, { from: '127.0.0.22' })).status).toBe(201);
    expect(await storedContact(other.id)).toBeDefined();
  });

  it('limits one e-mail address, from any client address', async () => {
    await setRateLimit('contacts_per_email', 2);
    const email = `flood.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const statuses = [];
    for (const from of ['127.0.0.31', '127.0.0.32', '127.0.0.33']) {
      statuses.push(
        (await postFrom('/rest/v1/contacts', validContact({ email }), { from })).status,
      );
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect(await rowsFor(email)).toHaveLength(2);
  });

  it.each([
    ['a filled honeypot', { site_web: 'https://spam.example' }, 'honeypot'],
    ['a form sent in under 3 seconds', { fill_ms: 800 }, 'too_fast'],
    ['no fill time at all (a script)', { fill_ms: undefined }, 'too_fast'],
  ])('keeps a row with %s, flagged as spam, and never mails it', async (_label, change, reason) => {
    const row = validContact(change);
    if (change.fill_ms === undefined) delete row.fill_ms;
    expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
    const res = await invoke({ id: row.id });
    expect(res.status).toBe(200); // a bot learns nothing
    await control('sweep');
    expect(await mailCount(row.prenom)).toBe(0);
    expect(await storedContact(row.id)).toMatchObject({ spam_reason: reason, mailed_at: null });
  });

  it('records the client address the gateway saw, not one the client claims', async () => {
    const row = validContact();
    await postFrom('/rest/v1/contacts', row, {
      from: '127.0.0.41',
      headers: { 'X-Forwarded-For': '198.51.100.1' },
    });
    expect((await storedContact(row.id)).client_address).toBe('127.0.0.41');
  });
});

describe('the gateway refuses what PostgREST refuses for anon', () => {
  it.each([
    ['Prefer: return=headers-only', 'POST', { Prefer: 'return=headers-only' }],
    ['an upsert (merge-duplicates)', 'POST', { Prefer: 'resolution=merge-duplicates' }],
    ['an upsert (ignore-duplicates)', 'POST', { Prefer: 'resolution=ignore-duplicates' }],
    ['a read', 'GET', {}],
  ])(
    'answers %s with 401 and PostgREST error JSON, storing nothing',
    async (_label, method, headers) => {
      const row = validContact();
      const res = await fetch(`${backend().urls.restUrl}/contacts`, {
        method,
        headers: {
          apikey: backend().keys.publishable,
          'Content-Type': 'application/json',
          ...headers,
        },
        body: method === 'POST' ? JSON.stringify(row) : undefined,
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(await res.json()).toEqual({
        code: '42501',
        details: null,
        hint: null,
        message: 'permission denied for table contacts',
      });
      expect(await storedContact(row.id)).toBeUndefined();
    },
  );
});
