import { z } from 'astro/zod';
import { button, text } from './building-blocks';

/**
 * Copy of the offers (and of every other collection) may use `{phone.display}`, `{phone.e164}`,
 * `{email}`, `{figures.<key>}`… placeholders, filled from the site settings (see
 * src/lib/content-pipeline/placeholders.ts).
 */

/** Offers and prices: `src/content/offers/<id>.yaml`; `group` says which pricing table shows it. */
export const offerSchema = z.strictObject({
  name: text,
  group: z.enum(['sites', 'ia', 'extras', 'saas', 'plans']),
  order: z.number().int().default(0),
  /** Small text above the price, e.g. « À partir de ». */
  priceLead: text.optional(),
  price: text,
  /** Facts of this entry that other texts quote (`{offers.<file>.facts.<key>}`): delays, support… */
  facts: z.record(z.string(), text).default({}),
  /** Small text after the price, e.g. « /mois ». */
  priceNote: text.optional(),
  description: text,
  features: z.array(text).default([]),
  popular: z.boolean().default(false),
  badge: text.optional(),
  setup: text.optional(),
  leadTime: text.optional(),
  cta: button.optional(),
});

export type Offer = z.infer<typeof offerSchema>;
