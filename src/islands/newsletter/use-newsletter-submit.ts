// The newsletter box's address and send: the address typed before hydration kept with its typing
// time, one send at a time, a refused address marked.
// Why: docs/decisions/contact.md#what-is-typed-before-a-form-hydrates
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import * as fr from '../../lib/i18n/fr';
import { prepareToaster, toast } from '../shared/toast';
import { useSubmitOnce } from '../shared/use-submit-once';
import { useFormResult } from '../shared/form-result';
import { firstInputAt, typedValues } from '../shared/typed-before-hydration';

const t = fr.newsletter;
// Loaded on first use only (first focus or input): the sign-up logic and the Supabase clients.
const loadLogic = () => import('../../lib/contact/newsletter');
const warmUp = () =>
  void Promise.all([loadLogic(), loadClient(), prepareToaster()]).catch(() => {});

/** The box's notice for a refused sign-up, or '' for the generic one. */
const refusal = (answer: { retryAfter?: number; invalidEmail?: boolean }) =>
  answer.retryAfter
    ? t.rateLimited(fr.contact.retryIn(answer.retryAfter))
    : answer.invalidEmail
      ? t.invalidEmail
      : '';
const loadClient = () =>
  import('../../lib/contact/supabase-config').then((config) => config.browserClient());

/**
 * The address of the box `form`, `hydrated` once the island runs (until then the browser checks
 * the address and the box posts to its action), and when the visitor started typing it (the
 * server flags sign-ups sent faster than a person types).
 */
function useEmail(form: RefObject<HTMLFormElement | null>) {
  const [email, setEmail] = useState('');
  const startedAt = useRef(0);
  const [hydrated, setHydrated] = useState(false);
  // Hydration: an address typed while the island loaded is kept, and its typing time counts.
  useLayoutEffect(() => {
    const { email: typed } = typedValues(form.current, ['email']);
    if (typed) {
      setEmail(typed);
      startedAt.current = firstInputAt() ?? Date.now();
    }
    setHydrated(true);
  }, [form]);
  return { email, setEmail, startedAt, hydrated };
}

/**
 * The box's state and send: the address (`onEmail` for each edit), whether it was refused, the
 * form's result, the address and honeypot elements, `warmUp` for the first focus, the guarded
 * `onSubmit`.
 */
export function useNewsletterSubmit(form: RefObject<HTMLFormElement | null>) {
  const { email, setEmail, startedAt, hydrated } = useEmail(form);
  const result = useFormResult();
  const { setNotice, setSent, statusRef, alertRef, focusNext } = result;
  const input = useRef<HTMLInputElement>(null);
  const honeypot = useRef<HTMLInputElement>(null);
  const [invalid, setInvalid] = useState(false);
  const onEmail = (value: string) => {
    startedAt.current ||= Date.now();
    setSent(false);
    setInvalid(false);
    setEmail(value);
  };

  const { submitting, onSubmit } = useSubmitOnce(async () => {
    let message = '';
    try {
      const [{ subscribeNewsletter }, client] = await Promise.all([loadLogic(), loadClient()]);
      const answer = await subscribeNewsletter(client, email, {
        honeypot: honeypot.current?.value ?? '',
        fillMs: startedAt.current ? Date.now() - startedAt.current : null,
      });
      if (!answer.ok) {
        setInvalid(Boolean(answer.invalidEmail));
        if (answer.invalidEmail) focusNext.current = input.current;
        message = refusal(answer);
        throw answer.error;
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

  return {
    email,
    onEmail,
    invalid,
    hydrated,
    result,
    input,
    honeypot,
    warmUp,
    submitting,
    onSubmit,
  };
}
