/**
 * What the host page's address tells the booking widget: the slot chosen on the appointment page
 * (`/contact?consultation=<title>&jour=<lundi…vendredi>&heure=HH:MM[&date=YYYY-MM-DD]#calendly`)
 * and the visitor's campaign (utm_*). Malformed or over-long values are ignored.
 * Why: docs/decisions/interaction.md#booking-widget-behind-a-facade-the-click-is-the-consent.
 */
import type { BookingPrefill, BookingUtm } from './url';

/** Longest value accepted from the address (a consultation title, a campaign name). */
export const MAX_PARAM_LENGTH = 80;

const DAYS = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'];

const read = (params: URLSearchParams, key: string) => {
  const value = params.get(key)?.trim();
  return value && value.length <= MAX_PARAM_LENGTH ? value : undefined;
};

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The prefill for the widget: a1 = "<consultation> – <jour> <heure>" (only the parts present) and
 * `date` when a valid YYYY-MM-DD date is given.
 * @example bookingPrefillFromSearch('?consultation=Audit&jour=mardi&heure=10:00')
 *   // { customAnswers: { a1: 'Audit – mardi 10:00' } }
 */
export function bookingPrefillFromSearch(search: string): BookingPrefill {
  const params = new URLSearchParams(search);
  const consultation = read(params, 'consultation');
  const day = read(params, 'jour')?.toLowerCase();
  const hour = read(params, 'heure');
  const date = read(params, 'date');
  const when = [
    day && DAYS.includes(day) ? day : undefined,
    hour && /^([01]\d|2[0-3]):[0-5]\d$/.test(hour) ? hour : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  const a1 = [consultation, when].filter(Boolean).join(' – ');
  const prefill: BookingPrefill = {};
  if (a1) prefill.customAnswers = { a1 };
  if (date && isIsoDate(date)) prefill.date = date;
  return prefill;
}

/** The utm_* fields of the host page's address. */
export function utmFromSearch(search: string): BookingUtm {
  const params = new URLSearchParams(search);
  return {
    utmCampaign: read(params, 'utm_campaign'),
    utmSource: read(params, 'utm_source'),
    utmMedium: read(params, 'utm_medium'),
    utmContent: read(params, 'utm_content'),
    utmTerm: read(params, 'utm_term'),
  };
}
