import { z } from 'astro/zod';

/** Testimonials: one file each in `src/content/testimonials/`; `showOn` lists the pages that show it. */
export const testimonialSchema = z.strictObject({
  name: z.string().min(1),
  company: z.string().min(1),
  role: z.string().min(1),
  content: z.string().min(1),
  rating: z.number().int().min(1).max(5),
  project: z.string().min(1),
  order: z.number().int().default(0),
  showOn: z.array(z.string().min(1)).min(1),
});

export type Testimonial = z.infer<typeof testimonialSchema>;
