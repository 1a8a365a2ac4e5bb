import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

/**
 * The home page copy: one file, `src/content/home/page.yaml`, one block per section in page order.
 * Testimonials come from the shared `testimonials` collection (`showOn: [home]`).
 */

const text = z.string().min(1);
const link = z.object({ label: text, href: text });
const heading = { eyebrow: text.optional(), title: text, intro: text.optional() };

export const serviceCardSchema = z.object({
  /** lucide icon name, kebab-case (https://lucide.dev/icons) */
  icon: text,
  title: text,
  description: text,
  features: z.array(text).min(1),
});

export const integrationSchema = z.object({ name: text, icon: text, category: text });

export const homePageSchema = z.object({
  meta: z.object({ title: text, description: z.string().min(50).max(170) }),
  hero: z.object({
    eyebrow: text.optional(),
    title: text,
    lead: text,
    primary: link,
    secondary: link,
    /** Key figures under the buttons; values usually `{figures.<key>}` from the settings. */
    stats: z
      .array(z.object({ value: text, label: text }))
      .max(4)
      .default([]),
  }),
  expertise: z.object({
    ...heading,
    cards: z.array(serviceCardSchema).length(6, 'the grid holds exactly 6 service cards'),
  }),
  automation: z.object({
    ...heading,
    points: z.array(text).default([]),
    steps: z
      .array(z.object({ label: text, title: text, description: text }))
      .length(3, 'the animation has exactly 3 steps (its progress bar is (step + 1) × 33 %)'),
  }),
  integrations: z.object({
    ...heading,
    tools: z
      .array(integrationSchema)
      .length(12, 'the grid shows exactly 12 tools')
      .refine(
        (tools) => new Set(tools.map((tool) => tool.category)).size === 6,
        'the 12 tools fall into exactly 6 categories',
      ),
  }),
  booking: z.object(heading),
  testimonials: z.object(heading),
  cta: z.object({ title: text, text: text, primary: link, phoneLabel: text }),
});

export type HomePage = z.infer<typeof homePageSchema>;
export type ServiceCard = z.infer<typeof serviceCardSchema>;
export type Integration = z.infer<typeof integrationSchema>;

/** Collections of the home area (see src/content.config.ts). */
export const homeCollections = {
  home: defineCollection({
    loader: glob({ pattern: '*.yaml', base: './src/content/home' }),
    schema: homePageSchema,
  }),
};
