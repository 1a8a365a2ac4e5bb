import { z } from 'astro/zod';

/**
 * FAQ: one file per category in `src/content/faq/<category>.yaml`. The /faq page shows the categories
 * with `onFaqPage: true`; other pages (pricing, contact) pick their category by id.
 */
export const faqSchema = z.strictObject({
  title: z.string().min(1),
  order: z.number().int().default(0),
  onFaqPage: z.boolean().default(false),
  questions: z
    .array(z.strictObject({ question: z.string().min(1), answer: z.string().min(1) }))
    .min(1),
});

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

export type Faq = z.infer<typeof faqSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;

