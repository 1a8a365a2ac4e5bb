/**
 * The page model shared by every page: a content entry `src/content/pages/<page>.yaml` holds the
 * search-engine copy, the hero and the page's blocks in order; `type` picks the section component
 * (src/components/blocks/BlockList.astro). Copy may quote facts with `{path}` placeholders.
 */
import { z } from 'astro/zod';
import { asideCardSchema } from './aside-cards';
import { button, metric, step, text } from './building-blocks';
import { projectCategories } from './projects';
import { photo } from './photo';

/** A tool of the integrations block; `icon` (lucide) stands in where simple-icons has no logo. */
export const integrationSchema = z.strictObject({ name: text, icon: text, category: text });

const section = {
  id: text.optional(),
  title: text.optional(),
  eyebrow: text.optional(),
  intro: text.optional(),
  tone: z.enum(['default', 'alt', 'dark']).optional(),
  buttons: z.array(button).default([]),
};

const card = z.strictObject({
  icon: text.optional(),
  title: text,
  description: text.optional(),
  features: z.array(text).default([]),
  price: text.optional(),
  badge: text.optional(),
  result: text.optional(),
  metrics: z.array(metric).default([]),
  href: text.optional(),
  linkLabel: text.optional(),
  /** A photo at the top of the card. */
  photo: photo.optional(),
});

/** The blocks a page is made of, in order. `type` picks the section component. */
export const blockSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('cards'),
    ...section,
    columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
    /** `bento`: on wide screens three columns where every other pair of cards is wide (2 + 1, 1 + 2). */
    display: z.enum(['grid', 'bento']).default('grid'),
    items: z.array(card).min(1),
  }),
  z.strictObject({
    type: z.literal('steps'),
    ...section,
    items: z.array(step).min(1),
    /** `timeline`: along a line; `cards`: one numbered card per step. */
    display: z.enum(['timeline', 'cards']).default('timeline'),
  }),
  /** Running text (a mission, a story): paragraphs under the heading. */
  z.strictObject({ type: z.literal('text'), ...section, paragraphs: z.array(text).min(1) }),
  /** The automation pitch beside its 3-step animation (an island, hydrated when visible). */
  z.strictObject({
    type: z.literal('automation'),
    ...section,
    title: text,
    points: z.array(text).default([]),
    steps: z
      .array(z.strictObject({ label: text, title: text, description: text }))
      .length(3, 'the animation has exactly 3 steps (its progress bar is (step + 1) × 33 %)'),
  }),
  /** Tools the agency connects, with their logos, grouped by category. */
  z.strictObject({
    type: z.literal('integrations'),
    ...section,
    tools: z
      .array(integrationSchema)
      .length(12, 'the grid shows exactly 12 tools')
      .refine(
        (tools) => new Set(tools.map((tool) => tool.category)).size === 6,
        'the 12 tools fall into exactly 6 categories',
      ),
  }),
  /** The booking widget (behind its facade); `id` is the anchor booking links point to. */
  z.strictObject({ type: z.literal('booking'), ...section, title: text }),
  /** The page's Markdown text (a legal text: the body under the front matter), with its update date. */
  z.strictObject({ type: z.literal('document'), ...section }),
  /** The blog's post teasers, with category links and page numbers (the blog pages only). */
  z.strictObject({ type: z.literal('posts'), ...section, title: text }),
  /** The newsletter sign-up box (an island stores the address). */
  z.strictObject({ type: z.literal('newsletter'), ...section, title: text }),
  /** The team cards, from src/content/team/. */
  z.strictObject({ type: z.literal('team'), ...section }),
  /** The open positions, from src/content/jobs/ (the page also gets their JobPosting data). */
  z.strictObject({ type: z.literal('jobs'), ...section }),
  z.strictObject({
    type: z.literal('tags'),
    ...section,
    items: z
      .array(z.strictObject({ name: text, icon: text.optional(), description: text.optional() }))
      .min(1),
  }),
  z.strictObject({
    type: z.literal('offers'),
    ...section,
    group: z.enum(['sites', 'ia', 'extras', 'saas', 'plans']),
  }),
  /**
   * The offers of one group side by side in a table: one column per offer, one row per fact
   * (`price`, or a key of the offers' `facts`: delay, support, hosting…); an offer without the fact
   * shows `missing`.
   */
  z.strictObject({
    type: z.literal('comparison'),
    ...section,
    title: text,
    group: z.enum(['sites', 'ia', 'extras', 'saas', 'plans']),
    rows: z.array(z.strictObject({ label: text, fact: text })).min(1),
    missing: text.default('—'),
  }),
  z.strictObject({
    type: z.literal('projects'),
    ...section,
    showOn: text,
    linkLabel: text,
    variant: z.enum(['compact', 'detailed']).default('compact'),
  }),
  z.strictObject({
    type: z.literal('projectFilter'),
    ...section,
    linkLabel: text,
    filters: z
      .array(z.strictObject({ slug: z.enum(['all', ...projectCategories]), label: text }))
      .min(2),
  }),
  z.strictObject({
    type: z.literal('testimonials'),
    ...section,
    showOn: text,
    /** `carousel`: one at a time, with controls (an island); `list`: all of them, static. */
    display: z.enum(['list', 'carousel']).default('list'),
  }),
  z.strictObject({
    type: z.literal('faq'),
    ...section,
    categories: z.array(text).min(1),
    structuredData: z.boolean().default(false),
  }),
  z.strictObject({
    type: z.literal('stats'),
    ...section,
    items: z.array(metric.extend({ icon: text.optional() })).min(1),
  }),
  /** The contact form (an island) beside its cards; `?service=` in the address can preselect. */
  z.strictObject({
    type: z.literal('form'),
    ...section,
    title: text,
    serviceFromQuery: z.boolean().default(false),
    aside: z.array(asideCardSchema).default([]),
  }),
  /** Where the agency is: the address and hours from the settings beside a drawn map. */
  z.strictObject({
    type: z.literal('location'),
    ...section,
    title: text,
    directions: text,
    mapNotice: text,
  }),
  z.strictObject({ type: z.literal('cta'), ...section, title: text, text: text.optional() }),
  z.strictObject({
    type: z.literal('dashboard'),
    ...section,
    window: z.strictObject({
      title: text,
      kpis: z.array(z.strictObject({ label: text, value: text, trend: text })).min(1),
      chartTitle: text,
      bars: z.array(z.number().min(0).max(100)).min(3),
      barLabels: z.array(text).min(3),
      activityTitle: text,
      activity: z.array(text).min(1),
    }),
  }),
  z.strictObject({
    type: z.literal('consultations'),
    ...section,
    bookLabel: text,
    popularLabel: text,
  }),
  z.strictObject({ type: z.literal('slots'), ...section, week: text.default('semaine') }),
]);

/**
 * One page of the site: `src/content/pages/<page>.yaml`, or the front matter of
 * `src/content/legal/<page>.md` (the file name is the page's path).
 */
export const pageSchema = z.strictObject({
  meta: z.strictObject({
    title: text,
    description: z.string().min(50).max(170),
    canonicalPath: text.optional(),
  }),
  breadcrumbs: z.array(z.strictObject({ name: text, url: text })).default([]),
  hero: z.strictObject({
    /** Anchor of the hero band (e.g. `accueil`). */
    id: text.optional(),
    eyebrow: text.optional(),
    title: text,
    lead: text.optional(),
    buttons: z.array(button).default([]),
    /** Key figures under the buttons; values usually `{figures.<key>}` from the settings. */
    stats: z.array(metric).max(4).default([]),
    /** `home`: the larger title of the home page. */
    size: z.enum(['page', 'home']).default('page'),
    /** A photo beside the title, in place of the page's drawn artwork. */
    photo: photo.optional(),
  }),
  blocks: z.array(blockSchema).default([]),
  /** Labels for generated pages (project pages read them from the `nos-realisations` entry). */
  labels: z.record(z.string(), text).default({}),
  /** The page's address without the leading `/` (default: the file name; `index` is the home page). */
  slug: z
    .string()
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*$/,
      'une adresse s’écrit en minuscules sans accents, les mots séparés par des tirets (ex. creation-site-web-aix-en-provence)',
    )
    .optional(),
  /** `true`: the page is not built (and not in the sitemap) until this line is removed. */
  draft: z.boolean().default(false),
  /** A link to the page in the navigation bar (`main: true`) and/or a footer column (its `title`). */
  menu: z
    .object({ label: text, main: z.boolean().default(false), footer: text.optional() })
    .optional(),
});

export type Block = z.infer<typeof blockSchema>;
export type Page = z.infer<typeof pageSchema>;
export type Integration = z.infer<typeof integrationSchema>;
