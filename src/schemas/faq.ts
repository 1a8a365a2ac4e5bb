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

export type Faq = z.infer<typeof faqSchema>;
