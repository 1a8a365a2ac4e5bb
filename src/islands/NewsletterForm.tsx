// The newsletter box's island (docs/decisions/interaction.md): the box over its send hook.
import { useId, useRef } from 'react';
import * as fr from '../lib/i18n/fr';
import { FormSuccess } from './shared/form-result';
import { FormField } from './shared/FormField';
import { useNewsletterSubmit } from './newsletter/use-newsletter-submit';

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

/** The address field: its label, its input, wired to the form's notice when there is one. */
function emailField(
  id: string,
  { label, placeholder, maxLength }: Props,
  { email, onEmail, invalid, input, result: { notice } }: ReturnType<typeof useNewsletterSubmit>,
) {
  return (
    <FormField
      id={`${id}-email`}
      label={label}
      labelClassName="mb-1 block text-sm font-medium text-accent-100"
      invalid={invalid}
      describedBy={notice ? `${id}-notice` : undefined}
      className="flex-1"
    >
      {(aria) => (
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
          onChange={(event) => onEmail(event.target.value)}
          {...aria}
          className="min-h-11 w-full rounded-full border border-white/30 bg-white px-4 text-ink placeholder:text-slate-500"
        />
      )}
    </FormField>
  );
}

/**
 * Newsletter sign-up with double opt-in: stores the address, then the server mails a confirmation
 * link. The same notice for a new and an existing address. The field keeps its value on failure
 * and is cleared on success.
 */
export default function NewsletterForm(props: Props) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const send = useNewsletterSubmit(formRef);
  return (
    <form
      ref={formRef}
      method="post"
      action={props.action}
      noValidate={send.hydrated}
      onSubmit={send.onSubmit}
      onFocusCapture={send.warmUp}
      className="relative flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <input type="hidden" name="form" value="newsletter" />
      {emailField(id, props, send)}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <input
          ref={send.honeypot}
          name={props.honeypotName}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
          aria-label={fr.contact.form.honeypot}
        />
      </div>
      <button
        type="submit"
        aria-disabled={send.submitting}
        className="min-h-11 rounded-full bg-white px-6 font-semibold text-accent-800 hover:bg-accent-50 aria-disabled:opacity-70"
      >
        {send.submitting ? t.sending : props.submitLabel}
      </button>
      <p
        ref={send.result.alertRef}
        id={`${id}-notice`}
        role="alert"
        tabIndex={-1}
        className="text-sm font-medium text-white empty:hidden sm:basis-full"
      >
        {send.result.notice}
      </p>
      <FormSuccess
        result={send.result}
        title={t.pendingTitle}
        text={t.pendingText}
        className="text-sm text-white sm:basis-full"
        textClassName="text-accent-100"
      />
    </form>
  );
}
