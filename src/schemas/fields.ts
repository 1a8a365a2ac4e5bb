/** Field types shared by the content schemas. */
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
 * never guessed: a US-order reading would publish the wrong day.
 */
export const isoDay = z.preprocess(
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
);

/** File types a photo may have (any size: the build resizes it). */
export const PHOTO_FILE = /\.(jpe?g|png|webp|avif)$/i;

/**
 * A real photo: `src`, the file name beside the content file (the editor's upload puts it there),
 * and `alt`, what the photo shows for someone who cannot see it, in French. `decorative: true` (a
 * photo that adds nothing to the text) leaves `alt` empty.
 */
export const photo = z
  .strictObject({
    src: z
      .string()
      .trim()
      .regex(PHOTO_FILE, 'une photo est un fichier .jpg, .jpeg, .png, .webp ou .avif'),
    alt: z.string().trim().default(''),
    decorative: z.boolean().default(false),
  })
  .refine((value) => value.decorative || value.alt.length > 0, {
    path: ['alt'],
    message:
      'décrivez la photo en une phrase (ce qu’elle montre), ou ajoutez « decorative: true » si elle n’apporte rien au texte',
  });
export type Photo = z.infer<typeof photo>;
