import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { ContactField, FieldRule, SubmitFailure } from '../lib/contact/contact';
import * as fr from '../lib/i18n/fr';
import { fieldMessage } from '../../supabase/functions/_shared/messages-fr';
import {
  $contactDraft,
  adoptTyped,
  clearDraft,
  markDraftStored,
  preselectService,
  restoreDraft,
  updateDraftField,
} from '../stores/contact-draft';
import { prepareToaster, toast } from './shared/toast';
import { useSubmitOnce } from './shared/use-submit-once';
import { FormSuccess, useFormResult } from './shared/form-result';
import { firstInputAt, typedValues } from './shared/typed-before-hydration';

interface Props {
  /** Where the form posts without JavaScript (the `form-post` function: formPostUrl of supabase-config). */
  action: string;
  /** The six services (SERVICES of src/lib/contact/contact.ts). */
  services: readonly string[];
  /** maxLength of each text field (MAX_LENGTHS of src/lib/contact/contact.ts: the database limits). */
  maxLengths: Record<Exclude<ContactField, 'service_souhaite'>, number>;
  /** Name of the honeypot field (HONEYPOT_FIELD). */
  honeypotName: string;
  /** Service to preselect when the draft has none (quote page): a name or a slug. */
  service?: string;
  /** Also preselect from `?service=` in the page address. */
  serviceFromQuery?: boolean;
}

const t = fr.contact.form;
const te = fr.contact.fieldErrors;
// Loaded on first use only (first focus or input): the submission logic and the Supabase clients.
const loadLogic = () => import('../lib/contact/contact');
const loadClient = () => import('../lib/contact/supabase-config').then((config) => config.browserClient());
// Cloudflare Turnstile, only when PUBLIC_TURNSTILE_SITE_KEY is set at build time (off by default).
const captchaOn = Boolean(import.meta.env.PUBLIC_TURNSTILE_SITE_KEY);
const field =
  'block min-h-11 w-full rounded-xl border border-line bg-surface px-4 py-2.5 text-base text-ink shadow-sm ' +
  'placeholder:text-muted focus:border-accent-700';

/** The agency's phone number as the page shows it (footer link), for the rate-limit message. */
function pagePhone(): string {
  const link =
    document.querySelector('footer a[href^="tel:"]') ?? document.querySelector('a[href^="tel:"]');
  return link?.textContent?.trim() ?? '';
}

/**
 * The contact form: six fields with the browser's own checks, a persisted draft (fields + row id)
 * that survives reloads until sent, a honeypot, and a two-step send (row, then e-mail) that never
 * doubles. The Supabase clients (postgrest-js, functions-js) are downloaded on first focus or input.
 */
export default function ContactForm({
  action,
  services,
  maxLengths,
  honeypotName,
  service = '',
  serviceFromQuery = false,
}: Props) {
  const draft = useStore($contactDraft);
  const honeypot = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  // Until the island runs, the browser checks the fields and the form posts to `action`; then the
  // island takes over with its own French messages.
  const [hydrated, setHydrated] = useState(false);
  const captchaBox = useRef<HTMLDivElement>(null);
  const captcha = useRef<Promise<{ token: () => string; reset: () => void }> | null>(null);
  const result = useFormResult();
  const { notice, setNotice, setSent, statusRef, alertRef, focusNext } = result;

  // Offline at submit: send again by itself when the browser is back online (same row id).
  const [waitingForNetwork, setWaitingForNetwork] = useState(false);
  useEffect(() => {
    if (!waitingForNetwork) return;
    const resend = () => {
      setWaitingForNetwork(false);
      formRef.current?.requestSubmit();
    };
    window.addEventListener('online', resend, { once: true });
    return () => window.removeEventListener('online', resend);
  }, [waitingForNetwork]);

  /** Shows why fields were refused (the first takes the focus) and keeps every value. */
  const showFieldErrors = (refused: { name: ContactField; rule: FieldRule }[]) => {
    if (!refused.length) return;
    setErrors(
      Object.fromEntries(refused.map(({ name, rule }) => [name, fieldMessage(name, rule)])),
    );
    document.getElementById(`${id}-${refused[0].name}`)?.focus();
  };
  const showFieldError = (failure: SubmitFailure) => {
    if (failure.field) showFieldErrors([failure.field]);
  };

  // Hydration: what the visitor typed or chose while the island loaded is still in the fields (React
  // keeps it); adopt it into the draft before the draft's values are rendered over it.
  useLayoutEffect(() => {
    const typed = typedValues(
      formRef.current,
      Object.keys($contactDraft.get().fields) as ContactField[],
    );
    restoreDraft();
    adoptTyped(typed, firstInputAt());
    setHydrated(true);
  }, []);

  useEffect(() => {
    const wanted =
      (serviceFromQuery && new URLSearchParams(window.location.search).get('service')) || service;
    if (wanted) void loadLogic().then(({ matchService }) => preselectService(matchService(wanted)));
  }, [service, serviceFromQuery]);

  const warmUp = () => {
    // The Toaster's code too: a notice raised with the network down must still be drawn.
    void Promise.all([loadLogic(), loadClient(), prepareToaster()]).catch(() => {});
    if (captchaOn && captchaBox.current && !captcha.current) {
      const box = captchaBox.current;
      captcha.current = import('../lib/contact/turnstile').then(({ mountTurnstile }) =>
        mountTurnstile(box),
      );
      captcha.current.catch(() => (captcha.current = null));
    }
  };
  const onChange = (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => {
    const name = event.target.name as ContactField;
    updateDraftField(name, event.target.value);
    setSent(false);
    if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };

  const { submitting, onSubmit } = useSubmitOnce(async () => {
    let failure: SubmitFailure | null = null;
    try {
      const [{ checkAllFields, submitContact }, client] = await Promise.all([
        loadLogic(),
        loadClient(),
      ]);
      // The browser's own check (same rules as the server): nothing is sent, each field says why.
      const invalid = checkAllFields($contactDraft.get().fields);
      if (invalid.length) return showFieldErrors(invalid);
      const widget = await captcha.current?.catch(() => null);
      const result = await submitContact(
        client,
        $contactDraft.get(),
        { honeypot: honeypot.current?.value ?? '', captchaToken: widget?.token() },
        markDraftStored,
      );
      if (!result.ok) {
        failure = result;
        throw result.error;
      }
      clearDraft();
      widget?.reset();
      setErrors({});
      setNotice('');
      setSent(true);
      focusNext.current = statusRef.current;
      if (honeypot.current) honeypot.current.value = '';
      toast({ title: fr.contact.successTitle, description: fr.contact.successText });
    } catch (error) {
      console.error('Contact form:', error);
      toast({
        title: fr.contact.errorTitle,
        description: fr.contact.errorText,
        variant: 'destructive',
      });
      setSent(false);
      if (failure?.field) showFieldError(failure);
      else focusNext.current = alertRef.current;
      if (failure?.retryAfter) {
        setNotice(fr.contact.rateLimited(fr.contact.retryIn(failure.retryAfter), pagePhone()));
      } else if (failure?.offline || !navigator.onLine) {
        setNotice(fr.contact.offline);
        setWaitingForNetwork(true);
      } else
        setNotice(
          failure?.field
            ? fr.contact.fieldErrorSummary
            : `${fr.contact.errorTitle}\u00a0: ${fr.contact.errorText}`,
        );
    }
  });

  const label = (name: ContactField, text: string, required = true) => (
    <label htmlFor={`${id}-${name}`} className="mb-1.5 block text-sm font-semibold text-ink">
      {text}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      ) : (
        <>
          {' '}
          <span className="font-normal text-muted">{t.optional}</span>
        </>
      )}
    </label>
  );
  /** aria-invalid / aria-describedby of a field with an error. */
  const invalid = (name: ContactField) =>
    errors[name]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` }
      : {};
  const error = (name: ContactField) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1.5 text-sm font-medium text-danger">
        {errors[name]}
      </p>
    ) : null;
  const input = (
    name: Exclude<ContactField, 'service_souhaite' | 'message'>,
    type: string,
    autoComplete: string,
    required = true,
  ) => (
    <>
      <input
        id={`${id}-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        maxLength={maxLengths[name]}
        value={draft.fields[name]}
        onChange={onChange}
        className={field}
        {...invalid(name)}
      />
      {error(name)}
    </>
  );

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate={hydrated}
      aria-label={t.label}
      onSubmit={onSubmit}
      onFocusCapture={warmUp}
      onInputCapture={warmUp}
      className="relative grid gap-5"
      data-contact-form=""
    >
      <input type="hidden" name="form" value="contact" />
      <p className="text-sm text-muted">{t.required}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          {label('prenom', t.prenom)}
          {input('prenom', 'text', 'given-name')}
        </div>
        <div>
          {label('nom', t.nom)}
          {input('nom', 'text', 'family-name')}
        </div>
        <div>
          {label('email', t.email)}
          {input('email', 'email', 'email')}
        </div>
        <div>
          {label('telephone', t.telephone, false)}
          {input('telephone', 'tel', 'tel', false)}
        </div>
      </div>
      <div>
        {label('service_souhaite', t.service)}
        <select
          id={`${id}-service_souhaite`}
          name="service_souhaite"
          required
          value={draft.fields.service_souhaite}
          onChange={onChange}
          className={field}
          {...invalid('service_souhaite')}
        >
          <option value="">{t.servicePlaceholder}</option>
          {services.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        {error('service_souhaite')}
      </div>
      <div>
        {label('message', t.message)}
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          maxLength={maxLengths.message}
          placeholder={t.messagePlaceholder}
          value={draft.fields.message}
          onChange={onChange}
          className={`${field} resize-y`}
          {...invalid('message')}
        />
        {error('message')}
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-hp`}>{t.honeypot}</label>
        <input
          ref={honeypot}
          id={`${id}-hp`}
          name={honeypotName}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <p className="text-sm text-muted">
        {t.consentBefore}
        <a
          href="/politique-confidentialite"
          className="font-semibold text-accent-700 underline underline-offset-2 hover:text-accent-800"
        >
          {t.consentLink}
        </a>
        .
      </p>
      {captchaOn && <div ref={captchaBox} className="min-h-[65px]" />}
      <p
        ref={alertRef}
        role="alert"
        tabIndex={-1}
        className="text-sm font-medium text-danger empty:hidden"
      >
        {notice}
      </p>
      <button
        type="submit"
        aria-disabled={submitting}
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-full bg-accent-700 px-6 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-accent-800 aria-disabled:opacity-70 sm:justify-self-start"
      >
        {submitting ? fr.contact.sending : t.submit}
      </button>
      <FormSuccess
        result={result}
        title={fr.contact.successTitle}
        text={fr.contact.successText}
        className="text-sm text-success"
      />
    </form>
  );
}
