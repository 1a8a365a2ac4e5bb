/** French date formatting for the blog, careers and legal pages. Pure; dates are read in UTC. */

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

const NBSP = '\u00a0';

/**
 * A date as French readers write it, with no-break spaces and "1er" for the first of the month.
 * @example formatDateFr(new Date('2024-01-15')) === '15 janvier 2024' (with no-break spaces)
 */
export function formatDateFr(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('formatDateFr: invalid date');
  const day = date.getUTCDate();
  return [day === 1 ? '1er' : String(day), MONTHS[date.getUTCMonth()], date.getUTCFullYear()].join(
    NBSP,
  );
}

/**
 * The machine-readable form for `<time datetime>` and JSON-LD: `YYYY-MM-DD`.
 * @example isoDate(new Date('2024-01-15T10:00:00Z')) === '2024-01-15'
 */
export function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('isoDate: invalid date');
  return date.toISOString().slice(0, 10);
}

/**
 * Reading time as shown on teasers.
 * @example readTimeFr(5) === '5 min de lecture' (no-break space after the number)
 */
export function readTimeFr(minutes: number): string {
  return `${Math.max(1, Math.round(minutes))}${NBSP}min de lecture`;
}
