import { useId, useLayoutEffect, useRef, useState } from 'react';
import * as fr from '../lib/i18n/fr';
import { prepareToaster, toast } from './shared/toast';
import { useSubmitOnce } from './shared/use-submit-once';
import { FormSuccess, useFormResult } from './shared/form-result';
import { firstInputAt, typedValues } from './shared/typed-before-hydration';

interface Props {
  /** Where the box posts without JavaScript (the `form-post` function: formPostUrl of supabase-config). */
  action: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  /** Name of the honeypot field (HONEYPOT_FIELD of src/lib/contact/contact.ts). */
  honeypotName: string;
  /** Longest address accepted (MAX_LENGTHS.email of the shared validation rules). */
  maxLength: number;
}

const t = fr.newsletter;
// Loaded on first use only (first focus or input): the sign-up logic and the Supabase clients.
const loadLogic = () => import('../lib/contact/newsletter');
const loadClient = () => import('../lib/contact/supabase-config').then((config) => config.browserClient());

/**
 * Newsletter sign-up with double opt-in: stores the address, then the server mails a confirmation
 * link. The same notice for a new and an existing address. The field keeps its value on failure
 * and is cleared on success.
 */
export default function NewsletterForm({
  action,
  label,
  placeholder,
  submitLabel,
  honeypotName,
  maxLength,
}: Props) {
  const [email, setEmail] = useState('');
  const result = useFormResult();
  const { notice, setNotice, setSent, statusRef, alertRef, focusNext } = result;
  const input = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  // When the visitor started typing (the server flags sign-ups sent faster than a person types).
  const startedAt = useRef(0);
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  // Until the island runs, the browser checks the address and the box posts to `action`.
  const [hydrated, setHydrated] = useState(false);
  const [invalid, setInvalid] = useState(false);
  // Hydration: an address typed while the island loaded is kept, and its typing time counts.
  useLayoutEffect(() => {
    const { email: typed } = typedValues(formRef.current, ['email']);
    if (typed) {
      setEmail(typed);
      startedAt.current = firstInputAt() ?? Date.now();
    }
    setHydrated(true);
  }, []);
  const warmUp = () =>
    void Promise.all([loadLogic(), loadClient(), prepareToaster()]).catch(() => {});

  const { submitting, onSubmit } = useSubmitOnce(async () => {
    let message = '';
    try {
      const [{ subscribeNewsletter }, client] = await Promise.all([loadLogic(), loadClient()]);
      const result = await subscribeNewsletter(client, email, {
        honeypot: honeypot.current?.value ?? '',
        fillMs: startedAt.current ? Date.now() - startedAt.current : null,
      });
      if (!result.ok) {
        setInvalid(Boolean(result.invalidEmail));
        if (result.invalidEmail) focusNext.current = input.current;
        message = result.retryAfter
          ? t.rateLimited(fr.contact.retryIn(result.retryAfter))
          : result.invalidEmail
            ? t.invalidEmail
            : '';
        throw result.error;
      }
      setEmail('');
      setInvalid(false);
      setNotice('');
      setSent(true);
      focusNext.current = statusRef.current;
      startedAt.current = 0;
      toast({ title: t.pendingTitle, description: t.pendingText });
    } catch (error) {
      console.error('Newsletter:', error);
      toast({ title: t.errorTitle, description: t.errorText, variant: 'destructive' });
      setSent(false);
      setNotice(message || `${t.errorTitle}\u00a0: ${t.errorText}`);
      focusNext.current ??= alertRef.current;
    }
  });

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate={hydrated}
      onSubmit={onSubmit}
      onFocusCapture={warmUp}
      className="relative flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <input type="hidden" name="form" value="newsletter" />
      <div className="flex-1">
        <label htmlFor={`${id}-email`} className="mb-1 block text-sm font-medium text-accent-100">
          {label}
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={maxLength}
          autoComplete="email"
          placeholder={placeholder}
          value={email}
          ref={input}
          onChange={(event) => {
            startedAt.current ||= Date.now();
            setSent(false);
            setInvalid(false);
            setEmail(event.target.value);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={notice ? `${id}-notice` : undefined}
          className="min-h-11 w-full rounded-full border border-white/30 bg-white px-4 text-ink placeholder:text-slate-500"
        />
      </div>
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <input
          ref={honeypot}
          name={honeypotName}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
          aria-label={fr.contact.form.honeypot}
        />
      </div>
      <button
        type="submit"
        aria-disabled={submitting}
        className="min-h-11 rounded-full bg-white px-6 font-semibold text-accent-800 hover:bg-accent-50 aria-disabled:opacity-70"
      >
        {submitting ? t.sending : submitLabel}
      </button>
      <p
        ref={alertRef}
        id={`${id}-notice`}
        role="alert"
        tabIndex={-1}
        className="text-sm font-medium text-white empty:hidden sm:basis-full"
      >
        {notice}
      </p>
      <FormSuccess
        result={result}
        title={t.pendingTitle}
        text={t.pendingText}
        className="text-sm text-white sm:basis-full"
        textClassName="text-accent-100"
      />
    </form>
  );
}
