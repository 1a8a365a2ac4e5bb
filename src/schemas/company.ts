/** Schemas of the company area's collections (src/content.config.ts): team, blog, careers (pages are in ./pages). */
import { z } from 'astro/zod';
import { isoDay } from './date';
import { photo } from './photo';

const text = z.string().trim().min(1);
/** A team member (`src/content/team/<slug>.yaml`); the avatar is drawn from the name. */
export const teamMemberSchema = z.strictObject({
  name: text,
  role: text,
  description: text,
  /** A real portrait; without it, the illustrated avatar drawn from the name. */
  photo: photo.optional(),
  order: z.number().int().default(0),
  links: z
    .array(
      z.strictObject({
        kind: z.enum(['linkedin', 'github', 'dribbble', 'twitter', 'website', 'mail']),
        label: text,
        href: z
          .string()
          .regex(/^(https:\/\/|mailto:)/, 'l’adresse doit commencer par https:// ou mailto:'),
      }),
    )
    .default([]),
});

/** The blog's categories, in display order; each has its page at `/blog/categorie/<slug>`. */
export const blogCategories = [
  'Création web',
  'Référencement',
  'Intelligence artificielle',
  'Automatisation',
  'E-commerce',
] as const;

/**
 * A blog post (`src/content/blog/<slug>.md` or `.mdx`); the file name is the URL slug. The reading
 * time is computed from the text (src/lib/content/blog.ts), not typed.
 */
export const blogPostSchema = z.strictObject({
  title: text,
  description: z.string().trim().min(50).max(170),
  author: text,
  date: isoDay,
  updated: isoDay.optional(),
  category: z.enum(blogCategories),
  cover: z.enum(['web', 'ai', 'automation', 'seo', 'ecommerce']).default('web'),
  /** A real cover photo, in place of the drawn `cover` illustration. */
  photo: photo.optional(),
  draft: z.boolean().default(false),
});

/** A job opening (`src/content/jobs/<slug>.yaml`). */
export const jobSchema = z.strictObject({
  title: text,
  type: z.enum(['CDI', 'Freelance', 'Stage']),
  location: z.enum(['Marseille', 'Remote', 'Marseille/Remote']),
  experience: text,
  description: text,
  skills: z.array(text).min(1),
  datePosted: isoDay,
  validThrough: isoDay.optional(),
  order: z.number().int().default(0),
});

export type TeamMember = z.infer<typeof teamMemberSchema>;
export type BlogPost = z.infer<typeof blogPostSchema>;
export type BlogCategory = BlogPost['category'];
export type Job = z.infer<typeof jobSchema>;
