/**
 * The contact request: its fields, the limits of `public.contacts`, and the two-step submission
 * (insert the row, then invoke `send-contact-email`). Pure: the Supabase client is passed in.
 * The form island imports this module lazily (first use), so none of it weighs on the first load;
 * the constants reach the island as props.
 * Why:
 * docs/decisions/contact.md#contact-form-id-chosen-in-the-browser-draft-kept-clients-loaded-late.
 */
import type { FormsClient } from './supabase-config';
import { currentLeadSource } from './lead-source';

// The fields, services, limits and rules are the Edge Function's own validation module, mirrored by
// the database checks (tests/backend runs one corpus through all three): one definition everywhere.
import {
  checkField,
  CONTACT_FIELDS,
  fieldOfDatabaseError,
  HONEYPOT_FIELD,
  MAX_LENGTHS,
  retryAfterSeconds,
  SERVICES,
  toPayload,
  validateContact,
  type ContactFields,
  type FieldRule,
  type LeadSource,
  type Service,
} from '../../../supabase/functions/_shared/validation';
// The French explanation of a refused field: loaded with this module, not with the island.
export { fieldMessage } from '../../../supabase/functions/_shared/field-messages';

export {
  HONEYPOT_FIELD,
  MAX_LENGTHS,
  SERVICES,
  toPayload,
  type ContactFields,
  type FieldRule,
  type Service,
};

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
  /** When the visitor started this draft (ms since epoch, their clock; 0 before the first edit). */
  startedAt: number;
  /**
   * The stored row this draft corrects (its e-mail step had failed): sent with the new row, the
   * database then never mails that one, so the agency gets the correction only.
   */
  replaces?: string;
}

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

/** Why a submission failed, as the form explains it. */
export type SubmitFailure = {
  ok: false;
  stage: 'insert' | 'function';
  error: unknown;
  /** The browser is offline: keep the draft and send it again on the `online` event. */
  offline?: boolean;
  /** A field the browser rules or the database refused, and why. */
  field?: { name: ContactField; rule: FieldRule };
  /** Refused by the rate limit: seconds to wait before retrying. */
  retryAfter?: number;
};
/** Sent; `held`: stored but not mailed now (past the ceiling of unverified leads, or refused). */
export type SubmitResult = { ok: true; held?: true } | SubmitFailure;

/** Extra values the server checks besides the six fields. */
export interface SubmitExtras {
  /** Value of the honeypot field (people leave it empty; such rows are stored as spam). */
  honeypot?: string;
  /** Now, in ms since epoch (the fill time is now − draft.startedAt). */
  now?: number;
  /** Cloudflare Turnstile token, when the widget is configured. */
  captchaToken?: string;
  /** Whether the browser says it is online (navigator.onLine). */
  online?: () => boolean;
  /** Page and campaign fields sent with the row (default: this tab's, src/lib/contact/lead-source.ts). */
  leadSource?: LeadSource;
}

/** The browser's check of the fields, the same rules as the function and the database. */
export function checkFields(fields: ContactFields): SubmitFailure | null {
  const result = validateContact(toPayload(fields));
  if (result.ok || result.field === 'body') return null;
  return {
    ok: false,
    stage: 'insert',
    error: new Error(result.error),
    field: { name: result.field, rule: result.rule },
  };
}

/** Every field the rules refuse, in the form's order, and why (empty when all pass). */
export function checkAllFields(fields: ContactFields): { name: ContactField; rule: FieldRule }[] {
  const payload = toPayload(fields);
  return CONTACT_FIELDS.flatMap((name) => {
    const rule = checkField(name, payload[name]);
    return rule ? [{ name, rule }] : [];
  });
}

/** Seconds to wait from a 429 answer, or undefined for any other refusal. */
function retryAfterOf(error: { code?: string; details?: string | null }): number | undefined {
  return error.code === 'rate_limited' ? retryAfterSeconds(error.details) : undefined;
}

/**
 * Sends a contact request in two sequential calls: `insert` into `contacts` with the draft's id
 * (without `.select()`: anon may not read rows back), the honeypot and the fill time, then
 * `send-contact-email` with the id and the six fields (the function mails the stored row, once).
 * A 409 / 23505 on the insert means the row with this id is already saved (a retry after a failed
 * or lost e-mail step), so the e-mail step runs.
 * @param client the forms client (or a fake)
 * @param draft the draft (id + fields + start time)
 * @param extras honeypot, clock, Turnstile token, online status
 * @param onStored called once the row is known to be in the database
 */
export async function submitContact(
  client: FormsClient,
  draft: ContactDraft,
  extras: SubmitExtras = {},
  onStored: () => void = () => {},
): Promise<SubmitResult> {
  const online = extras.online ?? (() => globalThis.navigator?.onLine !== false);
  const invalid = checkFields(draft.fields);
  if (invalid) return invalid;
  const payload = toPayload(draft.fields);
  const now = extras.now ?? Date.now();
  const row: Record<string, unknown> = {
    id: draft.id,
    ...payload,
    [HONEYPOT_FIELD]: extras.honeypot ?? '',
    fill_ms: draft.startedAt > 0 ? Math.max(0, Math.round(now - draft.startedAt)) : null,
    ...(extras.leadSource ?? currentLeadSource()),
  };
  if (extras.captchaToken) row.captcha_token = extras.captchaToken;
  if (draft.replaces) row.replaces = draft.replaces;
  try {
    const { error } = await client.from('contacts').insert(row);
    if (error && !isUniqueViolation(error)) {
      const field = fieldOfDatabaseError(error);
      return {
        ok: false,
        stage: 'insert',
        error,
        offline: !online() || undefined,
        field: field ? { name: field.field, rule: field.rule } : undefined,
        retryAfter: retryAfterOf(error),
      };
    }
  } catch (error) {
    return { ok: false, stage: 'insert', error, offline: !online() || undefined };
  }
  onStored();
  try {
    const { data, error } = await client.functions.invoke('send-contact-email', {
      body: { id: draft.id, ...payload },
    });
    if (error) return { ok: false, stage: 'function', error, offline: !online() || undefined };
    if ((data as { held?: unknown } | null)?.held === true) return { ok: true, held: true };
  } catch (error) {
    return { ok: false, stage: 'function', error, offline: !online() || undefined };
  }
  return { ok: true };
}

/** PostgREST's answer to a duplicate key: 409 with code 23505. */
export function isUniqueViolation(error: { code?: string } | null | undefined): boolean {
  return error?.code === '23505';
}
