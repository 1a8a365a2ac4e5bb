/**
 * Newsletter sign-up with double opt-in: one insert into `public.newsletter_subscriptions` (the
 * server answers 201 whether the address is new or not, and flags bots), then the `newsletter`
 * function mails a confirmation link when one is due. Only confirmed addresses receive the
 * newsletter. Pure: the client is passed in.
 * Why: docs/decisions/contact.md#newsletter-confirmation-by-a-button-on-the-site-not-by-the-link.
 */
import type { FormsClient } from './supabase-config';
import {
  HONEYPOT_FIELD,
  checkField,
  retryAfterSeconds,
} from '../../../supabase/functions/_shared/validation';

export type SubscribeResult =
  { ok: true } | { ok: false; error: unknown; retryAfter?: number; invalidEmail?: boolean };

/**
 * Signs an address up (the confirmation e-mail follows).
 * @param client the forms client (or a fake)
 * @param email the address typed by the visitor (trimmed here)
 * @param extras honeypot value and fill time in ms (the server flags bots; nothing is dropped here)
 */
export async function subscribeNewsletter(
  client: FormsClient,
  email: string,
  extras: { honeypot?: string; fillMs?: number | null } = {},
): Promise<SubscribeResult> {
  const address = email.trim();
  // The same rule as the table's check: an empty or malformed address is refused before sending.
  if (checkField('email', address))
    return { ok: false, error: new Error('Invalid e-mail address'), invalidEmail: true };
  try {
    const { error } = await client.from('newsletter_subscriptions').insert({
      email: address,
      [HONEYPOT_FIELD]: extras.honeypot ?? '',
      fill_ms: extras.fillMs ?? null,
    });
    if (error) {
      return {
        ok: false,
        error,
        retryAfter: error.code === 'rate_limited' ? retryAfterSeconds(error.details) : undefined,
        invalidEmail: error.code === '23514' || undefined,
      };
    }
    const { error: mailError } = await client.functions.invoke('newsletter', {
      body: { email: address },
    });
    if (mailError) return { ok: false, error: mailError };
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}
