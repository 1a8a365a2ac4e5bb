/** The date field of the content schemas: a day written AAAA-MM-JJ. */
import { z } from 'astro/zod';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True when `text` is a real calendar day written AAAA-MM-JJ (2024-02-30 is not). */
function isIsoDay(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/**
 * A day written `AAAA-MM-JJ` (YAML reads an unquoted 2024-02-12 as a date, a quoted one as text; both
 * are accepted). Anything else (`12/02/2024`, `2024-2-12`, `12 février 2024`) is refused with the hint,
 * never guessed: a US-order reading would publish the wrong day. Its metadata `format: 'date'` is
 * JSON Schema's name for a day: the visual editor shows a date picker (src/cms/widgets.ts).
 */
export const isoDay = z
  .preprocess(
    (value) =>
      value instanceof Date
        ? value.toISOString().slice(0, 10)
        : value === undefined || value === null
          ? value
          : String(value),
    z
      .string()
      .refine(isIsoDay, {
        error: (issue) =>
          `« ${String(issue.input)} » n’est pas une date au format AAAA-MM-JJ. Écrivez par exemple 2024-02-12 pour le 12 février 2024`,
      })
      .transform((text) => new Date(`${text}T00:00:00Z`)),
  )
  .meta({ format: 'date' });
