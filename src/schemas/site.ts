import { z } from 'astro/zod';
import { retentionIssues } from './retention';

const link = z.strictObject({ label: z.string().min(1), href: z.string().min(1) });

/** Site-wide settings: one file, `src/content/settings/site.yaml`. */
export const settingsSchema = z.strictObject({
  brand: z.string().min(1),
  tagline: z.string().min(1),
  description: z.string().min(20).max(170),
  phone: z.strictObject({
    display: z.string().min(1),
    /** E.164 form used in `tel:` links, e.g. +33400000000 */
    e164: z
      .string()
      .regex(
        /^\+\d{8,15}$/,
        'numéro au format international attendu, sans espaces, par exemple +33491000000',
      ),
  }),
  email: z.email(),
  recruitmentEmail: z.email(),
  address: z.strictObject({
    street: z.string().min(1),
    postalCode: z.string().regex(/^\d{5}$/, 'code postal à 5 chiffres attendu, par exemple 13001'),
    city: z.string().min(1),
    region: z.string().min(1),
    country: z.string().length(2),
  }),
  hours: z.strictObject({
    display: z.string().min(1),
    /** schema.org openingHours, e.g. "Mo-Fr 09:00-18:00" */
    schema: z.string().min(1),
  }),
  socials: z.array(z.strictObject({ name: z.string().min(1), url: z.url() })),
  bookingUrl: z.url(),
  legal: z.strictObject({
    companyName: z.string().min(1),
    legalForm: z.string().min(1),
    siret: z.string().min(1),
    director: z.string().min(1),
    host: z.string().min(1),
    hostAddress: z.string().min(1),
    lastUpdated: z.string().min(1),
  }),
  /**
   * Marketing figures the pages quote; where two pages read one differently, each has a key. The
   * retention figures (src/schemas/retention.ts) also set what the database deletes, so they
   * must be durations it can read.
   */
  figures: z.record(z.string(), z.string()).superRefine((figures, ctx) => {
    for (const { key, message } of retentionIssues(figures)) {
      ctx.addIssue({ code: 'custom', path: [key], message });
    }
  }),
  navigation: z.strictObject({
    main: z.array(link).min(1),
    cta: link,
    footer: z.array(z.strictObject({ title: z.string().min(1), links: z.array(link).min(1) })),
  }),
});

export type Settings = z.infer<typeof settingsSchema>;
