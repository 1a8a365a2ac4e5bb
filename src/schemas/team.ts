import { z } from 'astro/zod';
import { trimmedText as text } from './building-blocks';
import { photo } from './photo';

/** A team member (`src/content/team/<slug>.yaml`); the avatar is drawn from the name. */
export const teamMemberSchema = z.strictObject({
  name: text,
  role: text,
  description: text,
  /** A real portrait; without it, the illustrated avatar drawn from the name. */
  photo: photo.optional(),
  order: z.number().int().default(0),
  links: z
    .array(
      z.strictObject({
        kind: z.enum(['linkedin', 'github', 'dribbble', 'twitter', 'website', 'mail']),
        label: text,
        href: z
          .string()
          .regex(/^(https:\/\/|mailto:)/, 'l’adresse doit commencer par https:// ou mailto:'),
      }),
    )
    .default([]),
});

export type TeamMember = z.infer<typeof teamMemberSchema>;
