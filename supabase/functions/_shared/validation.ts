/**
 * Validation of a contact request. It mirrors EXACTLY the checks of public.contacts in
 * supabase/migrations/20261121000000_create_contacts.sql: change both together.
 * Lengths count Unicode code points (PostgreSQL char_length), not UTF-16 units.
 */

/** The six services a visitor can choose (contacts_service_souhaite_allowed). */
export const SERVICES = [
  'Création de Site Web',
  'Automatisation IA',
  'Services Spécialisés',
  'Support & Maintenance',
  'Consulting Stratégique',
  'Formation Équipe',
] as const;

export type Service = (typeof SERVICES)[number];

/** Maximum lengths in characters (contacts_*_length). */
export const MAX_LENGTHS = {
  prenom: 100,
  nom: 100,
  email: 254,
  telephone: 30,
  message: 5000,
} as const;

/** E-mail shape (contacts_email_format): something@something.something, no spaces or extra @. */
export const EMAIL_PATTERN = /^[^@ \t\r\n]+@[^@ \t\r\n]+\.[^@ \t\r\n]+$/;

/** Characters trimmed before the "not blank" checks (btrim(x, e' \t\r\n')). */
const NOT_BLANK = /[^ \t\r\n]/;

const UUID_PATTERN = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;

/** A contact request that passed validation. */
export interface ContactRequest {
  /** Row id chosen by the browser, when sent (used as an idempotency key). */
  id: string | null;
  prenom: string;
  nom: string;
  email: string;
  telephone: string | null;
  service_souhaite: Service;
  message: string;
}

export type ValidationResult =
  { ok: true; value: ContactRequest } | { ok: false; field: string; error: string };

const REQUIRED = ['prenom', 'nom', 'email', 'service_souhaite', 'message'] as const;

/** Number of characters as PostgreSQL counts them (code points). */
export function charLength(text: string): number {
  return [...text].length;
}

function fail(field: string, error: string): ValidationResult {
  return { ok: false, field, error };
}

function checkLength(field: keyof typeof MAX_LENGTHS, value: string): ValidationResult | null {
  const max = MAX_LENGTHS[field];
  if (charLength(value) > max)
    return fail(field, `Field "${field}" must be at most ${max} characters long.`);
  return null;
}

/**
 * Validates a parsed JSON body. Unknown extra keys are ignored.
 * @param input the parsed request body
 * @returns the typed contact request, or the first failing field with an English message
 */
export function validateContact(input: unknown): ValidationResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return fail('body', 'Request body must be a JSON object with the contact fields.');
  }
  const body = input as Record<string, unknown>;
  for (const field of REQUIRED) {
    const value = body[field];
    if (value === undefined || value === null) return fail(field, `Field "${field}" is required.`);
    if (typeof value !== 'string') return fail(field, `Field "${field}" must be a string.`);
    if (!NOT_BLANK.test(value)) return fail(field, `Field "${field}" must not be blank.`);
  }
  const { prenom, nom, email, service_souhaite, message } = body as Record<string, string>;
  const tooLong =
    checkLength('prenom', prenom) ?? checkLength('nom', nom) ?? checkLength('email', email);
  if (tooLong) return tooLong;
  if (!EMAIL_PATTERN.test(email))
    return fail('email', `Field "email" must be a valid e-mail address.`);

  let telephone: string | null = null;
  if (body.telephone !== undefined && body.telephone !== null) {
    if (typeof body.telephone !== 'string')
      return fail('telephone', `Field "telephone" must be a string.`);
    const phoneTooLong = checkLength('telephone', body.telephone);
    if (phoneTooLong) return phoneTooLong;
    telephone = body.telephone === '' ? null : body.telephone;
  }
  if (!(SERVICES as readonly string[]).includes(service_souhaite)) {
    return fail(
      'service_souhaite',
      `Field "service_souhaite" must be one of: ${SERVICES.join(', ')}.`,
    );
  }
  const messageTooLong = checkLength('message', message);
  if (messageTooLong) return messageTooLong;

  let id: string | null = null;
  if (body.id !== undefined && body.id !== null) {
    if (typeof body.id !== 'string' || !UUID_PATTERN.test(body.id)) {
      return fail('id', `Field "id", when given, must be a UUID.`);
    }
    id = body.id;
  }
  return {
    ok: true,
    value: {
      id,
      prenom,
      nom,
      email,
      telephone,
      service_souhaite: service_souhaite as Service,
      message,
    },
  };
}
