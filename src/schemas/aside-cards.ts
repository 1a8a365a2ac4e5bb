import { z } from 'astro/zod';
import { button, text } from './building-blocks';

/** A card beside the contact form (`type` picks it). */
export const asideCardSchema = z.discriminatedUnion('type', [
  /** The agency's phone, e-mail, address and hours (from the settings), under these labels. */
  z.strictObject({
    type: z.literal('details'),
    title: text,
    phone: text,
    email: text,
    address: text,
    hours: text,
  }),
  /** The free video consultation, with a button to the booking widget. */
  z.strictObject({ type: z.literal('consultation'), title: text, duration: text, text, button }),
  /** A promise (the answer guarantee), with a shield. */
  z.strictObject({ type: z.literal('guarantee'), title: text, text }),
  /** A short list of ticked points and a button (what a quote includes). */
  z.strictObject({
    type: z.literal('checklist'),
    title: text,
    points: z.array(text).min(1),
    button,
  }),
]);

export type AsideCard = z.infer<typeof asideCardSchema>;
