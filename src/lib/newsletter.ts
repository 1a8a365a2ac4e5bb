/**
 * Newsletter sign-up: one insert into `public.newsletter_subscriptions`. The table is insert-only for
 * the browser and unique per address, so a repeat sign-up (409 / 23505) is a success. Pure: the
 * Supabase client is passed in.
 */
import { isUniqueViolation } from './contact';
import type { FormsClient } from './supabase-config';

/** Longest address the table accepts (`newsletter_subscriptions_email_length`). */
export const NEWSLETTER_EMAIL_MAX = 254;

export type SubscribeResult =
  { ok: true; alreadySubscribed: boolean; dropped?: boolean } | { ok: false; error: unknown };

/**
 * Subscribes an address.
 * @param client the Supabase client (or a fake)
 * @param email the address typed by the visitor (trimmed here)
 * @param honeypot the hidden field bots fill: when set, pretend success and send nothing
 */
export async function subscribeNewsletter(
  client: FormsClient,
  email: string,
  honeypot = '',
): Promise<SubscribeResult> {
  if (honeypot.trim()) return { ok: true, alreadySubscribed: false, dropped: true };
  try {
    const { error } = await client.from('newsletter_subscriptions').insert({ email: email.trim() });
    if (!error) return { ok: true, alreadySubscribed: false };
    if (isUniqueViolation(error)) return { ok: true, alreadySubscribed: true };
    return { ok: false, error };
  } catch (error) {
    return { ok: false, error };
  }
}
