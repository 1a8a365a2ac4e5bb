import { defineCollection } from 'astro:content';
import { contentGlob } from '../lib/content-loader';
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
    cards: z
      .array(serviceCardSchema)
      .length(6, 'la grille compte exactement 6 cartes de service : ajoutez ou retirez des cartes'),
  }),
  automation: z.object({
    ...heading,
    points: z.array(text).default([]),
    steps: z
      .array(z.object({ label: text, title: text, description: text }))
      .length(3, 'l’animation compte exactement 3 étapes : ajoutez ou retirez des étapes'),
  }),
  integrations: z.object({
    ...heading,
    tools: z
      .array(integrationSchema)
      .length(12, 'la grille montre exactement 12 outils : ajoutez ou retirez des outils')
      .refine(
        (tools) => new Set(tools.map((tool) => tool.category)).size === 6,
        'les 12 outils se répartissent en exactement 6 catégories (champ category) : corrigez les catégories',
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
    loader: contentGlob({ pattern: '*.yaml', base: './src/content/home' }, homePageSchema),
    schema: homePageSchema,
  }),
};
