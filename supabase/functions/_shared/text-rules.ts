/**
 * Text as PostgreSQL sees it, for the contract's rules (validation.ts, lead-source-rules.ts): how it
 * counts and stores a value, and the classes of characters the checks of public.contacts refuse.
 */

/** Why a field was refused (the suffix of the database constraint). */
export type FieldRule = 'required' | 'too_long' | 'characters' | 'letters' | 'format' | 'choice';

/** Control, line-separator, bidi and zero-width characters refused in one-line fields. */
export const LINE_FORBIDDEN =
  /[\u0000-\u001f\u007f-\u009f\u200b\u2028-\u202e\u2060\u2066-\u2069\ufeff]/;
/** Refused in the message (tab, line feed and carriage return are allowed there). */
export const TEXT_FORBIDDEN =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/;
/** A UTF-16 surrogate not part of a pair: not a character (PostgreSQL refuses it). */
export const LONE_SURROGATE = /[\ud800-\udfff]/u;
/** Any character that is not white space or invisible formatting (contacts_message_required). */
export const VISIBLE =
  /[^\t\n\u000b\u000c\r \u0085\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/;
/** A letter (PostgreSQL [[:alpha:]] with a Unicode locale). */
export const LETTER = /\p{Alphabetic}/u;

/** Number of characters as PostgreSQL counts them (code points). */
export function charLength(text: string): number {
  return [...text].length;
}

/**
 * The text PostgreSQL stores for a JSON value sent to a text column (PostgREST coerces numbers,
 * booleans, arrays and objects to their JSON text), or null for a missing value.
 */
export function asStoredText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}
