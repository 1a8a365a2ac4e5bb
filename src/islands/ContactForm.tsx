// The contact form's island (docs/decisions/interaction.md): the form over its send and draft hooks.
import { useId, useRef } from 'react';
import type { ContactField } from '../lib/contact/contact';
import * as fr from '../lib/i18n/fr';
import { FormSuccess } from './shared/form-result';
import ContactFormFields from './contact/ContactFormFields';
import { useContactDraft, type Preselect } from './contact/use-contact-draft';
import { captchaOn, useContactSubmit } from './contact/use-contact-submit';

interface Props extends Preselect {
  /** Where the form posts without JavaScript (the `form-post` function: formPostUrl of supabase-config). */
  action: string;
  /** The six services (SERVICES of src/lib/contact/contact.ts). */
  services: readonly string[];
  /** maxLength of each text field (MAX_LENGTHS of src/lib/contact/contact.ts: the database limits). */
  maxLengths: Record<Exclude<ContactField, 'service_souhaite'>, number>;
  /** Name of the honeypot field (HONEYPOT_FIELD). */
  honeypotName: string;
}

const t = fr.contact.form;

/**
 * The contact form: six fields with the browser's own checks, a persisted draft (fields + row id)
 * that survives reloads until sent, a honeypot, and a two-step send (row, then e-mail) that never
 * doubles. The Supabase clients (postgrest-js, functions-js) are downloaded on first focus or input.
 */
export default function ContactForm(props: Props) {
  const { action, services, maxLengths, honeypotName, ...preselect } = props;
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();
  const send = useContactSubmit(id, formRef);
  const { draft, hydrated, onChange } = useContactDraft(formRef, preselect, send.edited);
  const { result, submitting } = send;

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate={hydrated}
      aria-label={t.label}
      onSubmit={send.onSubmit}
      onFocusCapture={send.warmUp}
      onInputCapture={send.warmUp}
      className="relative grid gap-5"
      data-contact-form=""
    >
      <input type="hidden" name="form" value="contact" />
      <p className="text-sm text-muted">{t.required}</p>
      <ContactFormFields
        id={id}
        values={draft.fields}
        errors={send.errors}
        onChange={onChange}
        services={services}
        maxLengths={maxLengths}
        honeypotName={honeypotName}
        honeypot={send.honeypot}
      />
      {captchaOn && <div ref={send.captchaBox} className="min-h-[65px]" />}
      <p
        ref={result.alertRef}
        role="alert"
        tabIndex={-1}
        className="text-sm font-medium text-danger empty:hidden"
      >
        {result.notice}
      </p>
      <button
        type="submit"
        aria-disabled={submitting}
        className="btn-primary inline-flex min-h-12 items-center justify-center gap-2 rounded-full px-6 py-3 font-semibold shadow-sm transition-colors aria-disabled:opacity-70 sm:justify-self-start"
      >
        {submitting ? fr.contact.sending : t.submit}
      </button>
      <FormSuccess
        result={result}
        title={send.held ? fr.contact.heldTitle : fr.contact.successTitle}
        text={send.held ? fr.contact.heldText : fr.contact.successText}
        className="text-sm text-success"
      />
    </form>
  );
}
