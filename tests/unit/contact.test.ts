import { describe, expect, it, vi } from 'vitest';
import {
  matchService,
  submitContact,
  toPayload,
  SERVICES,
  type ContactDraft,
} from '../../src/lib/contact/contact';
import type { FormsClient, InsertResult } from '../../src/lib/contact/supabase-config';

const fields = {
  prenom: ' Ada ',
  nom: 'Lovelace',
  email: 'ada@example.com',
  telephone: '',
  service_souhaite: 'Automatisation IA',
  message: 'Bonjour',
};
const STARTED = 1_700_000_000_000;
const draft = (over: Partial<ContactDraft> = {}): ContactDraft => ({
  id: 'id-1',
  fields,
  stored: false,
  startedAt: STARTED,
  ...over,
});
/** Extras of a visitor who took 12 s to fill the form, online. */
const extras = { now: STARTED + 12_000, online: () => true };

/** A fake client recording calls; `insert` and `invoke` answer from the given queues. */
function fakeClient(
  inserts: Array<InsertResult | Error>,
  invokes: Array<{ error: unknown } | Error>,
) {
  const calls: Array<{
    kind: 'insert' | 'invoke';
    target: string;
    payload: Record<string, unknown>;
  }> = [];
  const client: FormsClient = {
    from: (table) => ({
      insert: async (row) => {
        calls.push({ kind: 'insert', target: table, payload: row });
        const next = inserts.shift() ?? { error: null };
        if (next instanceof Error) throw next;
        return next;
      },
    }),
    functions: {
      invoke: async (name, { body }) => {
        calls.push({ kind: 'invoke', target: name, payload: body });
        const next = invokes.shift() ?? { error: null };
        if (next instanceof Error) throw next;
        return next;
      },
    },
  };
  return { client, calls };
}

describe('submitContact', () => {
  it('inserts the row with the draft id, then invokes send-contact-email with it', async () => {
    const { client, calls } = fakeClient([{ error: null, status: 201 }], [{ error: null }]);
    const onStored = vi.fn();
    expect(await submitContact(client, draft(), extras, onStored)).toEqual({ ok: true });
    expect(calls.map((call) => [call.kind, call.target])).toEqual([
      ['insert', 'contacts'],
      ['invoke', 'send-contact-email'],
    ]);
    const six = {
      prenom: 'Ada',
      nom: 'Lovelace',
      email: 'ada@example.com',
      telephone: null,
      service_souhaite: 'Automatisation IA',
      message: 'Bonjour',
    };
    expect(calls[0].payload).toEqual({ id: 'id-1', ...six, site_web: '', fill_ms: 12_000 });
    expect(calls[1].payload).toEqual({ id: 'id-1', ...six });
    expect(onStored).toHaveBeenCalledOnce();
  });

  it('stops at a refused insert: error path, no e-mail', async () => {
    const refusal = {
      code: '23514',
      message:
        'new row for relation "contacts" violates check constraint "contacts_prenom_letters"',
    };
    const { client, calls } = fakeClient([{ error: refusal, status: 400 }], []);
    const onStored = vi.fn();
    expect(await submitContact(client, draft(), extras, onStored)).toMatchObject({
      ok: false,
      stage: 'insert',
      error: refusal,
      field: { name: 'prenom', rule: 'letters' },
    });
    expect(calls).toHaveLength(1);
    expect(onStored).not.toHaveBeenCalled();
  });

  it('treats a thrown insert (network) as an insert failure', async () => {
    const boom = new TypeError('Failed to fetch');
    const { client } = fakeClient([boom], []);
    expect(await submitContact(client, draft(), extras)).toEqual({
      ok: false,
      stage: 'insert',
      error: boom,
    });
  });

  it('says when the browser is offline, so the form can send again on `online`', async () => {
    const boom = new TypeError('Failed to fetch');
    const { client } = fakeClient([boom], []);
    expect(await submitContact(client, draft(), { ...extras, online: () => false })).toEqual({
      ok: false,
      stage: 'insert',
      error: boom,
      offline: true,
    });
  });

  it('reads the wait of a rate-limit refusal (429, details retry_after=N)', async () => {
    const limited = { code: 'rate_limited', details: 'retry_after=540', message: 'Too many' };
    const { client, calls } = fakeClient([{ error: limited, status: 429 }], []);
    expect(await submitContact(client, draft(), extras)).toMatchObject({
      ok: false,
      stage: 'insert',
      retryAfter: 540,
    });
    expect(calls).toHaveLength(1);
  });

  it('refuses in the browser what the database would refuse, sending nothing', async () => {
    const { client, calls } = fakeClient([], []);
    const result = await submitContact(
      client,
      draft({ fields: { ...fields, prenom: '\u00a0\u200b' } }),
      extras,
    );
    expect(result).toMatchObject({ ok: false, field: { name: 'prenom', rule: 'required' } });
    expect(calls).toEqual([]);
  });

  it('stores the Turnstile token with the row when the widget is on', async () => {
    const { client, calls } = fakeClient([], []);
    await submitContact(client, draft(), { ...extras, captchaToken: 'tok-1' });
    expect(calls[0].payload).toMatchObject({ captcha_token: 'tok-1' });
    expect(calls[1].payload).not.toHaveProperty('captcha_token');
  });

  it('sends the honeypot and a null fill time as they are, for the server to flag', async () => {
    const { client, calls } = fakeClient([], []);
    await submitContact(client, draft({ startedAt: 0 }), { ...extras, honeypot: 'http://x' });
    expect(calls[0].payload).toMatchObject({ site_web: 'http://x', fill_ms: null });
  });

  it('reports a function failure with the row kept; a retry reuses the id', async () => {
    const fnError = { name: 'FunctionsHttpError' };
    const { client, calls } = fakeClient(
      [
        { error: null, status: 201 },
        {
          error: {
            code: '23505',
            message: 'duplicate key value violates unique constraint "contacts_pkey"',
          },
          status: 409,
        },
      ],
      [{ error: fnError }, { error: null }],
    );
    const onStored = vi.fn();
    expect(await submitContact(client, draft(), extras, onStored)).toEqual({
      ok: false,
      stage: 'function',
      error: fnError,
    });
    expect(onStored).toHaveBeenCalledOnce();
    expect(await submitContact(client, draft({ stored: true }), extras, onStored)).toEqual({
      ok: true,
    });
    const inserts = calls.filter((call) => call.kind === 'insert');
    expect(inserts.map((call) => call.payload.id)).toEqual(['id-1', 'id-1']);
    expect(calls.filter((call) => call.kind === 'invoke')).toHaveLength(2);
  });

  it('treats a thrown invoke as a function failure', async () => {
    const boom = new Error('offline');
    const { client } = fakeClient([{ error: null }], [boom]);
    expect(await submitContact(client, draft(), extras)).toEqual({
      ok: false,
      stage: 'function',
      error: boom,
    });
  });

  it('does not treat another conflict as saved', async () => {
    const other = { code: '23503', message: 'foreign key' };
    const { client, calls } = fakeClient([{ error: other, status: 409 }], []);
    expect((await submitContact(client, draft(), extras)).ok).toBe(false);
    expect(calls).toHaveLength(1);
  });
});

describe('toPayload', () => {
  it('trims values and stores an empty phone number as null', () => {
    expect(toPayload({ ...fields, telephone: '  ' }).telephone).toBeNull();
    expect(toPayload({ ...fields, telephone: ' 06 12 ' }).telephone).toBe('06 12');
    expect(toPayload({ ...fields, prenom: '   ' }).prenom).toBe('');
  });
});

describe('matchService', () => {
  it('finds a service from its exact name or a slug, ignoring case and accents', () => {
    expect(matchService('Automatisation IA')).toBe('Automatisation IA');
    expect(matchService('automatisation-ia')).toBe('Automatisation IA');
    expect(matchService('formation-equipe')).toBe('Formation Équipe');
    expect(matchService('support-maintenance')).toBe('Support & Maintenance');
    expect(matchService('creation de site web')).toBe('Création de Site Web');
  });
  it('returns an empty string for unknown or missing values', () => {
    expect(matchService('pizza')).toBe('');
    expect(matchService(null)).toBe('');
    expect(SERVICES).toHaveLength(6);
  });
});
