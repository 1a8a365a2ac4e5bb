/**
 * The building blocks the content schemas share: a text that is never empty (as typed, or once
 * trimmed), a button, a key figure (metric) and a step of a process.
 */
import { z } from 'astro/zod';

export const text = z.string().min(1);
/** A text that is not empty once its spaces are trimmed (the team, blog and jobs schemas). */
export const trimmedText = z.string().trim().min(1);
export const button = z.strictObject({
  label: text,
  href: text,
  variant: z.enum(['primary', 'secondary', 'light', 'outline-light']).optional(),
  /** A lucide icon name, shown before the label (`iconAfter: true`: after it). */
  icon: text.optional(),
  iconAfter: z.boolean().default(false),
});
export const metric = z.strictObject({ label: text, value: text });
export const step = z.strictObject({ title: text, description: text, icon: text.optional() });

export type ContentButton = z.infer<typeof button>;
