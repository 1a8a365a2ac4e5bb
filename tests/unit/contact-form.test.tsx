// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormsClient } from '../../src/lib/contact/supabase-config';

// The island loads the Supabase client lazily from supabase-config: hand it a fake, controllable one.
const calls: string[] = [];
let releaseInsert: () => void = () => {};
let invokeError: unknown = null;
let insertAnswer: {
  error: { code?: string; message?: string; details?: string } | null;
  status: number;
} = {
  error: null,
  status: 201,
};
const fakeClient: FormsClient = {
  from: (table) => ({
    insert: (row) => {
      calls.push(`insert ${table} ${String(row.id)}`);
      return new Promise((resolve) => (releaseInsert = () => resolve(insertAnswer)));
    },
  }),
  functions: {
    invoke: async (name) => {
      calls.push(`invoke ${name}`);
      return { error: invokeError };
    },
  },
};
vi.mock('../../src/lib/contact/supabase-config', () => ({ browserClient: async () => fakeClient }));

const { default: ContactForm } = await import('../../src/islands/ContactForm');
const { HONEYPOT_FIELD, MAX_LENGTHS, SERVICES } = await import('../../src/lib/contact/contact');
const { $toasts } = await import('../../src/stores/toasts');
const { $contactDraft, DRAFT_STORAGE_KEY, EMPTY_FIELDS } =
  await import('../../src/stores/contact-draft');

const ACTION = 'http://127.0.0.1:54321/functions/v1/form-post';

function renderForm() {
  const view = render(
    <ContactForm
      action={ACTION}
      services={SERVICES}
      maxLengths={MAX_LENGTHS}
      honeypotName={HONEYPOT_FIELD}
    />,
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
    insertAnswer = { error: null, status: 201 };
    localStorage.clear();
    // A new page: the draft store starts empty, as when the island's module first loads.
    $contactDraft.set({ id: '', fields: { ...EMPTY_FIELDS }, stored: false, startedAt: 0 });
    $toasts.set([]);
  });
  afterEach(cleanup);

  it('sends a double submit once, shows "Envoi en cours...", then clears the form', async () => {
    const { form } = renderForm();
    fireEvent.submit(form);
    fireEvent.submit(form);
    await flush();
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('Envoi en cours...');
    // Disabled for assistive technology but still focusable: the focus stays on the button.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await act(async () => releaseInsert());
    await flush();
    expect(calls.filter((call) => call.startsWith('insert'))).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('invoke'))).toHaveLength(1);
    expect($toasts.get().map((t) => t.title)).toEqual(['Message envoyé\u00a0!']);
    expect((form.querySelector('[name="prenom"]') as HTMLInputElement).value).toBe('');
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    // The result stays in the form, beside the button, and takes the focus.
    const result = form.querySelector('[role="status"]');
    expect(result?.textContent).toBe(
      'Message envoyé\u00a0!Merci\u00a0! Votre message a bien été envoyé. Nous vous répondrons dans les plus brefs délais.',
    );
    expect(document.activeElement).toBe(result);
    // Typing a new message clears it.
    fireEvent.change(form.querySelector('[name="prenom"]')!, { target: { value: 'Grace' } });
    expect(form.querySelector('[role="status"]')?.textContent).toBe('');
  });

  it('keeps fields and row id after a function failure; the retry reuses the id', async () => {
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
    expect(screen.getByRole('button').getAttribute('aria-disabled')).toBe('false');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Erreur\u00a0: Une erreur est survenue. Veuillez réessayer.');
    expect(document.activeElement).toBe(alert);

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

  it('refuses a name of no-break spaces: the field says why, has focus, nothing sent', async () => {
    const { form, set } = renderForm();
    set('prenom', '\u00a0\u00a0');
    fireEvent.submit(form);
    await flush();
    const prenom = form.querySelector('[name="prenom"]') as HTMLInputElement;
    expect(calls).toEqual([]);
    expect(prenom.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(prenom.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Indiquez votre prénom.',
    );
    expect(document.activeElement).toBe(prenom);
    expect((form.querySelector('[name="message"]') as HTMLTextAreaElement).value).toBe('Bonjour');
  });

  it('names the field the database refused, focuses it, keeps every value', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    insertAnswer = {
      error: {
        code: '23514',
        message:
          'new row for relation "contacts" violates check constraint "contacts_email_format"',
      },
      status: 400,
    };
    const { form } = renderForm();
    fireEvent.submit(form);
    await flush();
    await act(async () => releaseInsert());
    await flush();
    const email = form.querySelector('[name="email"]') as HTMLInputElement;
    expect($toasts.get().map((t) => [t.title, t.description])).toEqual([
      ['Erreur', 'Une erreur est survenue. Veuillez réessayer.'],
    ]);
    expect(document.activeElement).toBe(email);
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /une seule adresse e-mail/,
    );
    expect(email.value).toBe('ada@example.com');
    errors.mockRestore();
  });

  it('shows when to retry and the phone number after a rate-limit refusal', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    document.body.insertAdjacentHTML(
      'beforeend',
      '<footer><a href="tel:+33491000000">04 91 00 00 00</a></footer>',
    );
    insertAnswer = {
      error: { code: 'rate_limited', details: 'retry_after=600', message: 'Too many' },
      status: 429,
    };
    const { form } = renderForm();
    fireEvent.submit(form);
    await flush();
    await act(async () => releaseInsert());
    await flush();
    expect(screen.getByRole('alert').textContent).toBe(
      'Trop de demandes ont été envoyées depuis votre connexion. Réessayez dans 10\u00a0minutes ou appelez-nous au 04 91 00 00 00.',
    );
    expect(calls.filter((call) => call.startsWith('invoke'))).toHaveLength(0);
    document.querySelector('footer')?.remove();
    errors.mockRestore();
  });

  it('posts without JavaScript; hydrated, an empty submit gets French messages', async () => {
    const view = render(
      <ContactForm
        action={ACTION}
        services={SERVICES}
        maxLengths={MAX_LENGTHS}
        honeypotName={HONEYPOT_FIELD}
      />,
    );
    const form = view.container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe(ACTION);
    expect((form.querySelector('[name="form"]') as HTMLInputElement).value).toBe('contact');
    // The island runs: it checks the fields itself, in French, instead of the browser's tooltip.
    expect(form.noValidate).toBe(true);
    fireEvent.submit(form);
    await flush();
    expect(calls).toEqual([]);
    const described = (name: string) => {
      const input = form.querySelector(`[name="${name}"]`)!;
      expect(input.getAttribute('aria-invalid'), name).toBe('true');
      return document.getElementById(input.getAttribute('aria-describedby')!)?.textContent;
    };
    expect(described('prenom')).toBe('Indiquez votre prénom.');
    expect(described('nom')).toBe('Indiquez votre nom.');
    expect(described('email')).toBe('Indiquez votre adresse e-mail.');
    expect(described('service_souhaite')).toBe('Choisissez un service.');
    expect(described('message')).toBe('Écrivez votre message.');
    expect(form.querySelector('[name="telephone"]')!.hasAttribute('aria-invalid')).toBe(false);
    expect(document.activeElement).toBe(form.querySelector('[name="prenom"]'));
  });

  it('names the optional phone field « Téléphone (facultatif) », with its space', () => {
    renderForm();
    expect(screen.getByLabelText('Téléphone (facultatif)').getAttribute('name')).toBe('telephone');
  });
});
