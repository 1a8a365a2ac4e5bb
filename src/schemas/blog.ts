/** The blog's schema (src/content.config.ts): a post, and the fixed list of its categories. */
import { z } from 'astro/zod';
import { trimmedText as text } from './building-blocks';
import { isoDay } from './date';
import { photo } from './photo';

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

export type BlogPost = z.infer<typeof blogPostSchema>;
export type BlogCategory = BlogPost['category'];
