/**
 * The contact fields, defined once: used by the form (browser rules), by the Edge Function, and
 * mirrored rule for rule by the checks of public.contacts (constraint `contacts_<field>_<rule>`, see
 * supabase/migrations/20261123000000_contact_pipeline.sql). tests/backend/corpus.test.mjs runs one corpus
 * of tricky inputs through all three and expects the same verdict. Change them together.
 * Lengths count Unicode code points (PostgreSQL char_length), not UTF-16 units.
 * The contract's one entry: the lead-source rules and the text helpers are re-exported here.
 */
import {
  checkLeadSource,
  LEAD_SOURCE_FIELDS,
  LEAD_SOURCE_MAX_LENGTHS,
  type LeadSource,
  type LeadSourceField,
} from './lead-source-rules.ts';
import {
  asStoredText,
  charLength,
  LETTER,
  LINE_FORBIDDEN,
  LONE_SURROGATE,
  TEXT_FORBIDDEN,
  VISIBLE,
  type FieldRule,
} from './text-rules.ts';

export * from './lead-source-rules.ts';
export { asStoredText, charLength, type FieldRule } from './text-rules.ts';

/** The six services a visitor can choose (contacts_service_souhaite_choice). */
export const SERVICES = [
  'Création de Site Web',
  'Automatisation IA',
  'Services Spécialisés',
  'Support & Maintenance',
  'Consulting Stratégique',
  'Formation Équipe',
] as const;

export type Service = (typeof SERVICES)[number];

/** Maximum lengths in characters (contacts_*_too_long). */
export const MAX_LENGTHS = {
  prenom: 100,
  nom: 100,
  email: 254,
  telephone: 30,
  message: 5000,
} as const;

/**
 * One e-mail address: ASCII, no display name, no comma or space, a dotted domain (the HTML standard's
 * valid e-mail address, with at least one dot in the domain). contacts_email_format.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
/** Digits, spaces (also no-break), + at the start, dots, dashes, brackets. contacts_telephone_format. */
const PHONE_PATTERN = /^[+]?[0-9 .()\u00a0\u202f-]+$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The contact fields. */
export const CONTACT_FIELDS = [
  'prenom',
  'nom',
  'email',
  'telephone',
  'service_souhaite',
  'message',
] as const;
export type ContactFieldName = (typeof CONTACT_FIELDS)[number];

/** The six fields as the visitor types them (form, draft, function body). */
export type ContactFields = Record<ContactFieldName, string>;

/** A contact request as stored: the six fields, trimmed, an empty phone number as null. */
export type ContactRequest = Omit<ContactFields, 'telephone' | 'service_souhaite'> & {
  telephone: string | null;
  service_souhaite: Service;
};

/**
 * Name of both forms' honeypot field and of its column (`site_web`): never shown to people, bots fill
 * it; the insert guard stores such a row as spam.
 */
export const HONEYPOT_FIELD = 'site_web';

/**
 * Seconds to wait from a rate-limit refusal: the database raises it with `details: "retry_after=N"`
 * (private.guard_anon_insert); 60 when the details carry no positive number.
 */
export function retryAfterSeconds(details: unknown): number {
  const seconds = Number(/retry_after=(\d+)/.exec(String(details ?? ''))?.[1]);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 60;
}

export type ValidationResult =
  | { ok: true; value: ContactRequest }
  | { ok: false; field: ContactFieldName | 'body'; rule: FieldRule; error: string };

const ALL_MAX_LENGTHS: Record<string, number> = { ...MAX_LENGTHS, ...LEAD_SOURCE_MAX_LENGTHS };

const ENGLISH: Record<FieldRule, (field: string) => string> = {
  required: (f) => `Field "${f}" is required and must not be blank.`,
  too_long: (f) => `Field "${f}" must be at most ${ALL_MAX_LENGTHS[f]} characters long.`,
  characters: (f) => `Field "${f}" contains control, invisible or bidirectional characters.`,
  letters: (f) => `Field "${f}" must contain at least one letter.`,
  format: (f) =>
    f === 'email'
      ? 'Field "email" must be one e-mail address such as name@example.fr (no display name, no comma).'
      : f === 'page'
        ? 'Field "page" must be a path on the site: one leading "/", printable ASCII, no space.'
        : `Field "${f}" may contain only digits, spaces, + . - ( ).`,
  choice: (f) => `Field "${f}" must be one of: ${SERVICES.join(', ')}.`,
};

function fail(field: ContactFieldName | 'body', rule: FieldRule): ValidationResult {
  return { ok: false, field, rule, error: ENGLISH[rule](field) };
}

/** The first rule a one-field value breaks, or null. `value` is the stored text (null: missing). */
export function checkField(field: ContactFieldName, value: string | null): FieldRule | null {
  if (value !== null && LONE_SURROGATE.test(value)) return 'characters';
  switch (field) {
    case 'prenom':
    case 'nom':
      if (value === null || !VISIBLE.test(value)) return 'required';
      if (charLength(value) > MAX_LENGTHS[field]) return 'too_long';
      if (LINE_FORBIDDEN.test(value)) return 'characters';
      return LETTER.test(value) ? null : 'letters';
    case 'email':
      if (value === null || !VISIBLE.test(value)) return 'required';
      if (charLength(value) > MAX_LENGTHS.email) return 'too_long';
      return EMAIL_PATTERN.test(value) ? null : 'format';
    case 'telephone':
      if (value === null || value === '') return null;
      if (charLength(value) > MAX_LENGTHS.telephone) return 'too_long';
      return PHONE_PATTERN.test(value) ? null : 'format';
    case 'service_souhaite':
      if (value === null || value === '') return 'required';
      return (SERVICES as readonly string[]).includes(value) ? null : 'choice';
    case 'message':
      if (value === null || !VISIBLE.test(value)) return 'required';
      if (charLength(value) > MAX_LENGTHS.message) return 'too_long';
      return TEXT_FORBIDDEN.test(value) ? 'characters' : null;
  }
}

/**
 * Validates the six fields of a contact request exactly as the database does. Values are judged as
 * the text PostgreSQL would store; the caller trims what a visitor typed before (see toPayload).
 * @param input the parsed request body or form values (unknown extra keys are ignored)
 * @returns the typed contact request, or the first failing field and rule with an English message
 */
export function validateContact(input: unknown): ValidationResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    return fail('body', 'format');
  const body = input as Record<string, unknown>;
  const values = {} as Record<ContactFieldName, string | null>;
  for (const field of CONTACT_FIELDS) {
    values[field] = asStoredText(body[field]);
    const rule = checkField(field, values[field]);
    if (rule) return fail(field, rule);
  }
  return {
    ok: true,
    value: {
      prenom: values.prenom!,
      nom: values.nom!,
      email: values.email!,
      telephone: values.telephone || null,
      service_souhaite: values.service_souhaite as Service,
      message: values.message!,
    },
  };
}

/**
 * What a visitor typed, as the row and the function body carry it: values trimmed, an empty phone
 * number as null (the form island and the no-JavaScript endpoint both send this).
 */
export function toPayload(fields: Record<ContactFieldName, string>) {
  return {
    prenom: fields.prenom.trim(),
    nom: fields.nom.trim(),
    email: fields.email.trim(),
    telephone: fields.telephone.trim() || null,
    service_souhaite: fields.service_souhaite,
    message: fields.message.trim(),
  };
}

/** True for a UUID such as the row id the browser chooses. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * The field and rule of a database refusal (23514 on `contacts_<field>_<rule>`, 23502 on a column),
 * or null when the error names no field.
 */
export function fieldOfDatabaseError(error: {
  code?: string;
  message?: string;
}): { field: ContactFieldName; rule: FieldRule } | null {
  const message = error.message ?? '';
  if (error.code === '23502') {
    const column = /column "([a-z_]+)"/.exec(message)?.[1];
    const field = CONTACT_FIELDS.find((name) => name === column);
    return field ? { field, rule: 'required' } : null;
  }
  if (error.code !== '23514') return null;
  const constraint = /constraint "contacts_([a-z_]+)"/.exec(message)?.[1] ?? '';
  for (const field of CONTACT_FIELDS) {
    const rule = constraint.startsWith(`${field}_`) ? constraint.slice(field.length + 1) : '';
    if (rule && rule in ENGLISH) return { field, rule: rule as FieldRule };
  }
  return null;
}

export type LeadSourceResult =
  | { ok: true; value: LeadSource }
  | { ok: false; field: LeadSourceField; rule: FieldRule; error: string };

/**
 * Validates the lead-source fields present in `input` (others are ignored) exactly as the database
 * does; an empty value counts as none.
 */
export function validateLeadSource(input: Record<string, unknown>): LeadSourceResult {
  const value: LeadSource = {};
  for (const field of LEAD_SOURCE_FIELDS) {
    if (!(field in input)) continue;
    const text = asStoredText(input[field]) || null;
    const rule = checkLeadSource(field, text);
    if (rule) return { ok: false, field, rule, error: ENGLISH[rule](field) };
    value[field] = text;
  }
  return { ok: true, value };
}
