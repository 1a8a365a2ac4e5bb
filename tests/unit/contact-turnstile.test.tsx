// @vitest-environment jsdom
// The contact island with Turnstile on: the widget is reset after a failed send, so the resend
// carries a fresh token (a spent one verifies as `expired`), and a held message is told as held.
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormsClient } from '../../src/lib/contact/supabase-config';

vi.stubEnv('PUBLIC_TURNSTILE_SITE_KEY', 'local-test-site-key');

/** The widget: each solve gives a new token; `reset()` asks for a new solve. */
let solved = 0;
const resets = vi.fn(() => void (solved += 1));
vi.mock('../../src/lib/contact/turnstile', () => ({
  mountTurnstile: async () => ({ token: () => `token-${solved}`, reset: resets }),
}));

const inserted: Record<string, unknown>[] = [];
let invokeAnswer: { data?: unknown; error: unknown } = { error: null };
const fakeClient: FormsClient = {
  from: () => ({
    insert: async (row) => {
      inserted.push(row);
      return { error: null, status: 201 };
    },
  }),
  functions: { invoke: async () => invokeAnswer },
};
vi.mock('../../src/lib/contact/supabase-config', () => ({ browserClient: async () => fakeClient }));

const { default: ContactForm } = await import('../../src/islands/ContactForm');
const { HONEYPOT_FIELD, MAX_LENGTHS, SERVICES } = await import('../../src/lib/contact/contact');
const { $contactDraft, EMPTY_FIELDS } = await import('../../src/stores/contact-draft');

const flush = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

function renderForm() {
  const { container } = render(
    <ContactForm
      action="http://127.0.0.1:54321/functions/v1/form-post"
      services={SERVICES}
      maxLengths={MAX_LENGTHS}
      honeypotName={HONEYPOT_FIELD}
    />,
  );
  const form = container.querySelector('form')!;
  const set = (name: string, value: string) =>
    fireEvent.change(form.querySelector(`[name="${name}"]`)!, { target: { value } });
  fireEvent.focus(form.querySelector('[name="prenom"]')!);
  set('prenom', 'Ada');
  set('nom', 'Lovelace');
  set('email', 'ada@example.com');
  set('service_souhaite', 'Automatisation IA');
  set('message', 'Bonjour');
  return { form, set };
}

describe('ContactForm with Turnstile on', () => {
  beforeEach(() => {
    inserted.length = 0;
    solved = 0;
    resets.mockClear();
    invokeAnswer = { error: null };
    localStorage.clear();
    $contactDraft.set({ id: '', fields: { ...EMPTY_FIELDS }, stored: false, startedAt: 0 });
  });
  afterEach(cleanup);

  it(
    'resets the widget after a failed send: the resend carries a fresh token',
    { timeout: 15_000 },
    async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      invokeAnswer = { error: { name: 'FunctionsHttpError' } };
      const { form, set } = renderForm();
      await flush();
      fireEvent.submit(form);
      // Wait for the state asserted (the send's code loads lazily), never for a fixed time.
      await waitFor(() => expect(form.querySelector('[role="alert"]')?.textContent).toBeTruthy(), {
        timeout: 4000,
      });
      expect(resets).toHaveBeenCalledTimes(1);
      invokeAnswer = { error: null };
      set('message', 'Bonjour, corrigé');
      fireEvent.submit(form);
      await waitFor(() => expect(inserted).toHaveLength(2), { timeout: 4000 });
      expect(inserted.map((row) => row.captcha_token)).toEqual(['token-0', 'token-1']);
      errors.mockRestore();
    },
  );

  it('tells a held message as held, never « envoyé »', { timeout: 15_000 }, async () => {
    invokeAnswer = { data: { ok: true, held: true }, error: null };
    const { form } = renderForm();
    await flush();
    fireEvent.submit(form);
    const statusText = () => form.querySelector('[role="status"]')?.textContent ?? '';
    await waitFor(() => expect(statusText()).not.toBe(''), { timeout: 4000 });
    const status = statusText();
    expect(status).toContain('Message enregistré');
    expect(status).not.toContain('envoyé');
  });
});
