// The contact form's send: one at a time, checked in the browser first, resent when the network is
// back, each refusal shown on its field.
// Why: docs/decisions/contact.md#contact-form-id-chosen-in-the-browser-draft-kept-clients-loaded-late
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ContactField, FieldRule, SubmitFailure } from '../../lib/contact/contact';
import * as fr from '../../lib/i18n/fr';
import { $contactDraft, clearDraft, markDraftStored } from '../../stores/contact-draft';
import { prepareToaster, toast } from '../shared/toast';
import { useSubmitOnce } from '../shared/use-submit-once';
import { useFormResult } from '../shared/form-result';

// Loaded on first use only (first focus or input): the submission logic and the Supabase clients.
export const loadLogic = () => import('../../lib/contact/contact');
const loadClient = () =>
  import('../../lib/contact/supabase-config').then((config) => config.browserClient());
/** Cloudflare Turnstile, only when PUBLIC_TURNSTILE_SITE_KEY is set at build time (off by default). */
export const captchaOn = Boolean(import.meta.env.PUBLIC_TURNSTILE_SITE_KEY);
type Captcha = { token: () => string; reset: () => void };
type Logic = Awaited<ReturnType<typeof loadLogic>>;

/** The agency's phone number as the page shows it (footer link), for the rate-limit message. */
function pagePhone(): string {
  const link =
    document.querySelector('footer a[href^="tel:"]') ?? document.querySelector('a[href^="tel:"]');
  return link?.textContent?.trim() ?? '';
}

/** Offline at submit: `wait()` sends the form again by itself when the browser is back online. */
function useResendOnline(form: RefObject<HTMLFormElement | null>) {
  const [waitingForNetwork, setWaitingForNetwork] = useState(false);
  useEffect(() => {
    if (!waitingForNetwork) return;
    const resend = () => {
      setWaitingForNetwork(false);
      form.current?.requestSubmit();
    };
    window.addEventListener('online', resend, { once: true });
    return () => window.removeEventListener('online', resend);
  }, [waitingForNetwork, form]);
  return () => setWaitingForNetwork(true);
}

/** The form's error line for a failed send that is not for the network. */
const failureNotice = (failure: SubmitFailure | null) =>
  failure?.retryAfter
    ? fr.contact.rateLimited(fr.contact.retryIn(failure.retryAfter), pagePhone())
    : failure?.field
      ? fr.contact.fieldErrorSummary
      : `${fr.contact.errorTitle}\u00a0: ${fr.contact.errorText}`;

/**
 * The fields' errors, `show` to draw why fields were refused (the first takes the focus), and
 * `clear` for the error of one field, or of every field.
 */
function useFieldErrors(id: string) {
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const show = (refused: { name: ContactField; rule: FieldRule }[], logic: Logic) => {
    if (!refused.length) return;
    setErrors(
      Object.fromEntries(refused.map(({ name, rule }) => [name, logic.fieldMessage(name, rule)])),
    );
    document.getElementById(`${id}-${refused[0].name}`)?.focus();
  };
  const clear = (name?: ContactField) => {
    if (!name) setErrors({});
    else if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
  };
  return [errors, show, clear] as const;
}

/**
 * The captcha's box and widget, and `warmUp` for the first focus or input: it loads the send's
 * code and mounts the captcha when it is on.
 */
function useWarmUp() {
  const captchaBox = useRef<HTMLDivElement>(null);
  const captcha = useRef<Promise<Captcha> | null>(null);
  const warmUp = () => {
    // The Toaster's code too: a notice raised with the network down must still be drawn.
    void Promise.all([loadLogic(), loadClient(), prepareToaster()]).catch(() => {});
    if (captchaOn && captchaBox.current && !captcha.current) {
      const box = captchaBox.current;
      captcha.current = import('../../lib/contact/turnstile').then(({ mountTurnstile }) =>
        mountTurnstile(box),
      );
      captcha.current.catch(() => (captcha.current = null));
    }
  };
  return [captchaBox, captcha, warmUp] as const;
}

/**
 * What the form shows once a send is over: `sent` (the draft cleared, the success block focused) and
 * `failed` (a notice, the refused field or the error line focused, a resend when back online).
 */
function useOutcome(
  fieldErrors: ReturnType<typeof useFieldErrors>,
  result: ReturnType<typeof useFormResult>,
  honeypot: RefObject<HTMLInputElement | null>,
  form: RefObject<HTMLFormElement | null>,
) {
  const [, showErrors, clearErrors] = fieldErrors;
  const { setNotice, setSent, statusRef, alertRef, focusNext } = result;
  const waitForNetwork = useResendOnline(form);
  const [held, setHeld] = useState(false);
  const sent = (widget: Captcha | null | undefined, isHeld: boolean) => {
    clearDraft();
    widget?.reset();
    clearErrors();
    setNotice('');
    setHeld(isHeld);
    setSent(true);
    focusNext.current = statusRef.current;
    if (honeypot.current) honeypot.current.value = '';
    toast(
      isHeld
        ? { title: fr.contact.heldTitle, description: fr.contact.heldText }
        : { title: fr.contact.successTitle, description: fr.contact.successText },
    );
  };
  // The widget's token is spent once sent: a resend after any failure must carry a fresh one.
  const failed = (
    error: unknown,
    failure: SubmitFailure | null,
    logic: Logic | null,
    widget: Captcha | null | undefined,
  ) => {
    console.error('Contact form:', error);
    widget?.reset();
    toast({
      title: fr.contact.errorTitle,
      description: fr.contact.errorText,
      variant: 'destructive',
    });
    setSent(false);
    if (failure?.field && logic) showErrors([failure.field], logic);
    else focusNext.current = alertRef.current;
    if (!failure?.retryAfter && (failure?.offline || !navigator.onLine)) {
      setNotice(fr.contact.offline);
      waitForNetwork();
    } else setNotice(failureNotice(failure));
  };
  return [sent, failed, held] as const;
}

/**
 * The send of the contact form whose field ids start with `id`: the fields' errors, the form's
 * result, the honeypot and captcha elements, `warmUp` for the first focus or input, `edited` for
 * each change of a field, and the guarded `onSubmit`.
 */
export function useContactSubmit(id: string, form: RefObject<HTMLFormElement | null>) {
  const fieldErrors = useFieldErrors(id);
  const [errors, showErrors, clearErrors] = fieldErrors;
  const honeypot = useRef<HTMLInputElement>(null);
  const [captchaBox, captcha, warmUp] = useWarmUp();
  const result = useFormResult();
  const [sent, failed, held] = useOutcome(fieldErrors, result, honeypot, form);
  const edited = (name: ContactField) => {
    result.setSent(false);
    clearErrors(name);
  };

  const { submitting, onSubmit } = useSubmitOnce(async () => {
    let failure: SubmitFailure | null = null;
    let logic: Logic | null = null;
    let widget: Captcha | null | undefined;
    try {
      const [loaded, client] = await Promise.all([loadLogic(), loadClient()]);
      logic = loaded;
      // The browser's own check (same rules as the server): nothing is sent, each field says why.
      const invalid = logic.checkAllFields($contactDraft.get().fields);
      if (invalid.length) return showErrors(invalid, logic);
      widget = await captcha.current?.catch(() => null);
      const answer = await logic.submitContact(
        client,
        $contactDraft.get(),
        { honeypot: honeypot.current?.value ?? '', captchaToken: widget?.token() },
        markDraftStored,
      );
      if (!answer.ok) {
        failure = answer;
        throw answer.error;
      }
      sent(widget, answer.held === true);
    } catch (error) {
      failed(error, failure, logic, widget);
    }
  });

  return {
    errors,
    honeypot,
    captchaBox,
    result,
    held,
    submitting,
    onSubmit,
    warmUp,
    edited,
  };
}
