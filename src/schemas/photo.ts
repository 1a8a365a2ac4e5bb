/** The photo field of the content schemas: a file beside the entry and its description. */
import { z } from 'astro/zod';

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
