import { z } from 'astro/zod';
import { trimmedText as text } from './building-blocks';
import { isoDay } from './date';

/** A job opening (`src/content/jobs/<slug>.yaml`). */
export const jobSchema = z.strictObject({
  title: text,
  type: z.enum(['CDI', 'Freelance', 'Stage']),
  location: z.enum(['Marseille', 'Remote', 'Marseille/Remote']),
  experience: text,
  description: text,
  skills: z.array(text).min(1),
  datePosted: isoDay,
  validThrough: isoDay.optional(),
  order: z.number().int().default(0),
});

export type Job = z.infer<typeof jobSchema>;
