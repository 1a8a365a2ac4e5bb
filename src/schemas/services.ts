import { z } from 'astro/zod';
import { button, step, text } from './building-blocks';

/** Offer / solution detail pages (/site-vitrine, /chatbot-ia…): `src/content/services/<route>.yaml`. */
export const serviceSchema = z.strictObject({
  title: text,
  meta: z.strictObject({ title: text, description: z.string().min(50).max(170) }),
  parent: z.strictObject({ name: text, url: text }),
  eyebrow: text.optional(),
  lead: text,
  icon: text,
  order: z.number().int().default(0),
  /** Facts of this page that other texts quote (`{services.<file>.facts.<key>}`), e.g. price tiers. */
  facts: z.record(z.string(), text).default({}),
  price: z.strictObject({ label: text, value: text, note: text.optional() }),
  leadTime: z.strictObject({ label: text, value: text }),
  includes: z.strictObject({ title: text, items: z.array(text).min(1) }),
  benefits: z.strictObject({
    title: text,
    items: z.array(z.strictObject({ icon: text, title: text, description: text })).min(1),
  }),
  process: z.strictObject({ title: text, items: z.array(step).min(1) }),
  cta: z.strictObject({ title: text, text: text, buttons: z.array(button).min(1) }),
});

export type Service = z.infer<typeof serviceSchema>;
