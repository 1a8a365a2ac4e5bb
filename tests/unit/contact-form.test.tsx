// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormsClient } from '../../src/lib/supabase-config';

// The island loads the Supabase client lazily from supabase-config: hand it a fake, controllable one.
const calls: string[] = [];
let releaseInsert: () => void = () => {};
let invokeError: unknown = null;
const fakeClient: FormsClient = {
  from: (table) => ({
    insert: (row) => {
      calls.push(`insert ${table} ${String(row.id)}`);
      return new Promise(
        (resolve) => (releaseInsert = () => resolve({ error: null, status: 201 })),
      );
    },
  }),
  functions: {
    invoke: async (name) => {
      calls.push(`invoke ${name}`);
      return { error: invokeError };
    },
  },
};
vi.mock('../../src/lib/supabase-config', () => ({ browserClient: async () => fakeClient }));

const { default: ContactForm } = await import('../../src/islands/ContactForm');
const { HONEYPOT_FIELD, MAX_LENGTHS, SERVICES } = await import('../../src/lib/contact');
const { $toasts } = await import('../../src/stores/toasts');

function renderForm() {
  const view = render(
    <ContactForm services={SERVICES} maxLengths={MAX_LENGTHS} honeypotName={HONEYPOT_FIELD} />,
  );
  const form = view.container.querySelector('form')!;
  const set = (name: string, value: string) =>
    fireEvent.change(form.querySelector(`[name="${name}"]`)!, { target: { value } });
  set('prenom', 'Ada');
  set('nom', 'Lovelace');
  set('email', 'ada@example.com');
  set('service_souhaite', 'Automatisation IA');
  set('message', 'Bonjour');
  return { form, set };
}

const flush = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

describe('ContactForm island', () => {
  beforeEach(() => {
    calls.length = 0;
    invokeError = null;
    localStorage.clear();
    $toasts.set([]);
  });
  afterEach(cleanup);

  it('sends once on a double submit, shows "Envoi en cours..." meanwhile, then clears the form', async () => {
    const { form } = renderForm();
    fireEvent.submit(form);
    fireEvent.submit(form);
    await flush();
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Envoi en cours...');
    expect(button).toHaveProperty('disabled', true);
    await act(async () => releaseInsert());
    await flush();
    expect(calls.filter((call) => call.startsWith('insert'))).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('invoke'))).toHaveLength(1);
    expect($toasts.get().map((t) => t.title)).toEqual(['Message envoyé\u00a0!']);
    expect((form.querySelector('[name="prenom"]') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem('contact-draft-v1')).toBeNull();
  });

  it('keeps the fields and the row id after a function failure, and the retry reuses the id', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    invokeError = { name: 'FunctionsHttpError' };
    const { form } = renderForm();
    fireEvent.submit(form);
    await flush();
    await act(async () => releaseInsert());
    await flush();
    expect($toasts.get().map((t) => [t.title, t.variant])).toEqual([['Erreur', 'destructive']]);
    expect(errors).toHaveBeenCalled();
    expect((form.querySelector('[name="message"]') as HTMLTextAreaElement).value).toBe('Bonjour');
    expect(screen.getByRole('button')).toHaveProperty('disabled', false);

    invokeError = null;
    fireEvent.submit(form);
    await flush();
    await act(async () => releaseInsert());
    await flush();
    const ids = calls.filter((call) => call.startsWith('insert')).map((call) => call.split(' ')[2]);
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
    errors.mockRestore();
  });

  it('drops a bot that filled the honeypot: success shown, nothing sent', async () => {
    const { form } = renderForm();
    (form.querySelector(`[name="${HONEYPOT_FIELD}"]`) as HTMLInputElement).value =
      'http://spam.example';
    fireEvent.submit(form);
    await flush();
    expect(calls).toEqual([]);
    expect($toasts.get().map((t) => t.title)).toEqual(['Message envoyé\u00a0!']);
  });
});
