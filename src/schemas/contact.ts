import { defineCollection } from 'astro:content';
import { contentGlob } from '../lib/content-loader';
import { z } from 'astro/zod';

/**
 * Copy of the contact area: `src/content/contact/contact.yaml` (the /contact page) and
 * `src/content/contact/devis-personnalise.yaml` (the quote page). Texts may contain `{figure}` tokens
 * naming a key of `figures` in the site settings (e.g. `{responseContact}`), filled at build time.
 */
const text = z.string().min(1);
const meta = z.object({ title: text, description: text.max(170) });
const hero = z.object({ eyebrow: text.optional(), title: text, lead: text });
const heading = z.object({ eyebrow: text.optional(), title: text, intro: text.optional() });
/** Icon name from lucide, kebab-case (e.g. `shield-check`). */
const icon = z
  .string()
  .regex(
    /^[a-z0-9-]+$/,
    'nom d’icône lucide en minuscules avec des tirets, par exemple shield-check (liste sur lucide.dev/icons)',
  );

export const contactPageSchema = z.object({
  meta,
  hero,
  form: heading,
  info: z.object({
    title: text,
    phone: text,
    email: text,
    address: text,
    hours: text,
  }),
  consultation: z.object({ title: text, duration: text, text, button: text }),
  guarantee: z.object({ title: text, text }),
  booking: z.object({ title: z.literal('Prendre rendez-vous'), intro: text }),
  location: heading.extend({ mapNotice: text, directions: text }),
  faq: heading.extend({ category: text }),
  figures: heading.extend({
    items: z.array(z.object({ figure: text, label: text, icon })).min(1),
  }),
  cta: z.object({ title: text, text, topButton: text, bookingButton: text }),
});

export const quotePageSchema = z.object({
  meta,
  hero,
  form: heading,
  steps: heading.extend({
    items: z.array(z.object({ title: text, text, icon })).min(1),
  }),
  aside: z.object({
    title: text,
    points: z.array(text).min(1),
    button: text,
    href: z.string().startsWith('/'),
  }),
});

export type ContactPage = z.infer<typeof contactPageSchema>;
export type QuotePage = z.infer<typeof quotePageSchema>;

export const contactCollections = {
  contactPage: defineCollection({
    loader: contentGlob(
      { pattern: 'contact.yaml', base: './src/content/contact' },
      contactPageSchema,
    ),
    schema: contactPageSchema,
  }),
  quotePage: defineCollection({
    loader: contentGlob(
      { pattern: 'devis-personnalise.yaml', base: './src/content/contact' },
      quotePageSchema,
    ),
    schema: quotePageSchema,
  }),
};
