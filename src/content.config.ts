/**
 * Content collections: one folder of src/content/ each, read by the project's loader (placeholders,
 * French typography, French errors: src/lib/content-pipeline/loader.ts) and validated by its zod
 * schema (src/schemas/, a file named for what it holds: blog.ts, team.ts, booking.ts…). Types come
 * from the schemas (`z.infer`).
 */
import { defineCollection } from 'astro:content';
import type { z } from 'astro/zod';
import { contentGlob } from './lib/content-pipeline/loader';
import { settingsSchema } from './schemas/site';
import { faqSchema } from './schemas/faq';
import { testimonialSchema } from './schemas/testimonials';
import { offerSchema } from './schemas/offers';
import { serviceSchema } from './schemas/services';
import { projectSchema } from './schemas/projects';
import { consultationSchema, slotWeekSchema } from './schemas/booking';
import { pageSchema } from './schemas/pages';
import { teamMemberSchema } from './schemas/team';
import { blogPostSchema } from './schemas/blog';
import { jobSchema } from './schemas/jobs';

/** The collection of the files matching `pattern` in `base`, validated by `schema`. */
function collection<S extends z.ZodType>(
  base: string,
  schema: S,
  { pattern = '*.yaml', name }: { pattern?: string; name?: string } = {},
) {
  return defineCollection({
    loader: contentGlob({ pattern, base, ...(name ? { collection: name } : {}) }, schema),
    schema,
  });
}

export const collections = {
  settings: collection('./src/content/settings', settingsSchema),
  pages: collection('./src/content/pages', pageSchema),
  /** Pages written as long Markdown texts (legal notice, privacy, terms): the page model in the front matter. */
  legal: collection('./src/content/legal', pageSchema, { pattern: '*.md' }),
  faq: collection('./src/content/faq', faqSchema),
  testimonials: collection('./src/content/testimonials', testimonialSchema),
  offers: collection('./src/content/offers', offerSchema),
  services: collection('./src/content/services', serviceSchema),
  projects: collection('./src/content/projects', projectSchema),
  consultations: collection('./src/content/consultations', consultationSchema),
  slots: collection('./src/content/slots', slotWeekSchema),
  team: collection('./src/content/team', teamMemberSchema),
  // BLOG_CONTENT_DIR: another folder of posts, for the 1,000-post scale test (tests/build).
  blog: collection(process.env.BLOG_CONTENT_DIR ?? './src/content/blog', blogPostSchema, {
    pattern: '*.{md,mdx}',
    name: 'blog',
  }),
  jobs: collection('./src/content/jobs', jobSchema),
};
