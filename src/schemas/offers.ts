import { z } from 'astro/zod';
import { button, metric, step, text } from './building-blocks';
import { photo } from './photo';

/**
 * Schemas of the offers area's collections (services, offers and prices, projects, consultations, SaaS, FAQ
 * pages). Copy may use `{phone.display}`, `{phone.e164}`, `{email}`, `{figures.<key>}`… placeholders,
 * filled from the site settings (see src/lib/content/placeholders.ts).
 */

/** Project categories; the filter of /nos-realisations uses these slugs. */
export const projectCategories = [
  'automatisation',
  'sites-web',
  'e-commerce',
  'applications',
] as const;

/** Days of the weekly slot grid, as they appear in booking links (`jour=`). */
export const weekDays = ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi'] as const;

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

/** A short label drawn inside a preview (it must fit the mock-up). */
const previewText = (max: number) =>
  z.string().min(1).max(max, `at most ${max} characters, to fit in the preview`);

/** The kinds of project preview and the fields each one needs. */
const previewFields = {
  site: ['headline', 'screens'],
  chatbot: ['messages'],
  workflow: ['steps'],
} as const;

/**
 * What the visual preview of a project shows (src/lib/art/project-preview.ts), drawn in the project's
 * colour: the site in a browser and a phone (`headline`, `screens`, `typeface`), the chatbot
 * conversation (`messages`) or the workflow (`steps`). One flat object, so the visual editor can
 * show it; each kind's fields are required for that kind, then typed per kind.
 */
export const projectPreviewSchema = z
  .object({
    kind: z.enum(['site', 'chatbot', 'workflow']),
    /** The headline of the site's home page, as the mock-up shows it. */
    headline: previewText(34).optional(),
    /** Main pages of the site, shown as its menu; the second one is the phone's screen. */
    screens: z.array(previewText(14)).min(2).max(4).optional(),
    /** The kind of typeface the client's site uses. */
    typeface: z.enum(['sans', 'serif', 'rounded']).default('sans'),
    /** A typical exchange, in order (a visitor's question, then the assistant's answer…). */
    messages: z
      .array(z.strictObject({ from: z.enum(['visitor', 'bot']), text: previewText(38) }))
      .min(2)
      .max(4)
      .optional(),
    /** The steps the automation runs, in order. */
    steps: z.array(previewText(18)).min(3).max(5).optional(),
  })
  .superRefine((preview, ctx) => {
    for (const field of previewFields[preview.kind])
      if (preview[field] === undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `required when kind is ${preview.kind}`,
        });
  })
  .transform((preview) =>
    preview.kind === 'site'
      ? {
          kind: 'site' as const,
          headline: preview.headline!,
          screens: preview.screens!,
          typeface: preview.typeface,
        }
      : preview.kind === 'chatbot'
        ? { kind: 'chatbot' as const, messages: preview.messages! }
        : { kind: 'workflow' as const, steps: preview.steps! },
  );

/** Projects: `src/content/projects/<slug>.yaml`, one page each at /nos-realisations/<slug>. */
export const projectSchema = z.strictObject({
  title: text,
  client: text,
  year: z.number().int().min(2000).max(2100),
  category: z.enum(projectCategories),
  order: z.number().int().default(0),
  description: text,
  challenge: text,
  solution: text,
  technologies: z.array(text).min(1),
  metrics: z.array(metric).length(3),
  features: z.array(text).min(1),
  /** The client's colour family: the preview is drawn in it. */
  colour: z.enum(['indigo', 'emerald', 'rose', 'amber', 'sky', 'violet']),
  preview: projectPreviewSchema,
  /** A real screenshot or photo of the project, in place of the drawn preview. */
  photo: photo.optional(),
  showOn: z.array(text).default([]),
});

/** Consultation types: `src/content/consultations/<id>.yaml`. */
export const consultationSchema = z.strictObject({
  title: text,
  duration: text,
  price: text,
  description: text,
  features: z.array(text).min(1),
  popular: z.boolean().default(false),
  order: z.number().int().default(0),
});

/** The weekly slot grid: `src/content/slots/semaine.yaml` (3 to 4 slots a day, 09:00 to 16:00). */
export const slotWeekSchema = z.strictObject({
  /** Consultation (file name in src/content/consultations) a slot books by default. */
  consultation: text,
  slotLabel: text,
  days: z
    .array(
      z.strictObject({
        day: z.enum(weekDays),
        label: text,
        times: z
          .array(
            z
              .string()
              .regex(
                /^(09|1[0-6]):[0-5]\d$/,
                'heure entre 09:00 et 16:59 attendue, par exemple 14:30',
              ),
          )
          .min(3)
          .max(4),
      }),
    )
    .length(5),
});

export type Offer = z.infer<typeof offerSchema>;
export type Service = z.infer<typeof serviceSchema>;
export type Project = z.infer<typeof projectSchema>;
export type ProjectPreview = z.infer<typeof projectPreviewSchema>;
export type ProjectCategory = (typeof projectCategories)[number];
export type WeekDay = (typeof weekDays)[number];
