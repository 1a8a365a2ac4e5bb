/**
 * The contact request: its fields, the limits of `public.contacts`, and the two-step submission
 * (insert the row, then invoke `send-contact-email`). Pure: the Supabase client is passed in.
 * The form island imports this module lazily (first use), so none of it weighs on the first load;
 * the constants reach the island as props.
 */
import type { FormsClient } from './supabase-config';

// The services and limits are the Edge Function's own validation constants, which mirror the
// database checks (tests/backend verifies the mirror): one definition for browser, function and database.
import { MAX_LENGTHS, SERVICES, type Service } from '../../supabase/functions/_shared/validation';

export { MAX_LENGTHS, SERVICES, type Service };

/** The six fields of a contact request, as typed in the form. */
export interface ContactFields {
  prenom: string;
  nom: string;
  email: string;
  telephone: string;
  service_souhaite: string;
  message: string;
}

export type ContactField = keyof ContactFields;

/** A draft in progress: the fields and the row id chosen when the draft started. */
export interface ContactDraft {
  id: string;
  fields: ContactFields;
  /**
   * True once the row is in the database (the e-mail step may still be pending). Editing a stored
   * draft gives it a new id: the corrected request is a new row, not silently the old one.
   */
  stored: boolean;
}

/** Name of the honeypot field (never shown to people; bots fill it). */
export const HONEYPOT_FIELD = 'site_web';

/**
 * The service to preselect from a query value or prop: the exact choice, or one that matches it
 * ignoring case and accents (`?service=automatisation-ia`). Empty string when nothing matches.
 */
export function matchService(value: string | null | undefined): Service | '' {
  if (!value) return '';
  const simplify = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/&/g, ' ')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const wanted = simplify(value);
  return SERVICES.find((service) => simplify(service) === wanted) ?? '';
}

/** The row and function body: values trimmed, an empty phone number stored as null. */
export function toPayload(fields: ContactFields) {
  return {
    prenom: fields.prenom.trim(),
    nom: fields.nom.trim(),
    email: fields.email.trim(),
    telephone: fields.telephone.trim() || null,
    service_souhaite: fields.service_souhaite,
    message: fields.message.trim(),
  };
}

export type SubmitResult =
  { ok: true; dropped?: boolean } | { ok: false; stage: 'insert' | 'function'; error: unknown };

/**
 * Sends a contact request in two sequential calls: `insert` into `contacts` with the draft's id
 * (without `.select()`: anon may not read rows back), then `send-contact-email` with the six fields.
 * A 409 / 23505 on the insert means the row with this id is already saved (a retry after a failed
 * e-mail step), so the e-mail step runs. A filled honeypot pretends success and sends nothing.
 * @param client the Supabase client (or a fake)
 * @param draft the draft (id + fields)
 * @param honeypot the value of the honeypot field
 * @param onStored called once the row is known to be in the database
 */
export async function submitContact(
  client: FormsClient,
  draft: ContactDraft,
  honeypot = '',
  onStored: () => void = () => {},
): Promise<SubmitResult> {
  if (honeypot.trim()) return { ok: true, dropped: true };
  const payload = toPayload(draft.fields);
  try {
    const { error } = await client.from('contacts').insert({ id: draft.id, ...payload });
    if (error && !isUniqueViolation(error)) return { ok: false, stage: 'insert', error };
  } catch (error) {
    return { ok: false, stage: 'insert', error };
  }
  onStored();
  try {
    const { error } = await client.functions.invoke('send-contact-email', { body: payload });
    if (error) return { ok: false, stage: 'function', error };
  } catch (error) {
    return { ok: false, stage: 'function', error };
  }
  return { ok: true };
}

/** PostgREST's answer to a duplicate key: 409 with code 23505. */
export function isUniqueViolation(error: { code?: string } | null | undefined): boolean {
  return error?.code === '23505';
}
