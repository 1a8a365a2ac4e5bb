/**
 * Facts of the blog that are not content: page sizes, feed length, reading speed, category URLs.
 * Pure functions, so the routes stay thin and the unit tests need no build.
 */
import type { BlogCategory } from '../../schemas/blog';
import { slugify } from '../content-pipeline/slug';

/** Teasers per page of `/blog` and of each category page. */
export const POSTS_PER_PAGE = 12;

/** Items of the RSS feed: the latest posts only. */
export const RSS_ITEMS = 20;

/** Words read per minute: a common figure for French prose read on screen. */
export const WORDS_PER_MINUTE = 200;

/**
 * Reading time in whole minutes (at least 1), from the Markdown/MDX source of a post: code, HTML/JSX
 * tags, link targets, images and Markdown markup are not read, words are.
 * @example readingMinutes('mot '.repeat(450)) === 3
 */
export function readingMinutes(source: string): number {
  const text = source
    .replace(/^(import|export)\s.*$/gm, ' ')
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/[#>*_`~|[\]]+/g, ' ');
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

/**
 * The URL segment of a category.
 * @example categorySlug('Intelligence artificielle') === 'intelligence-artificielle'
 */
export const categorySlug = (category: BlogCategory | string) => slugify(category);

/** Path of the first page of a category. */
export const categoryPath = (category: BlogCategory | string) =>
  `/blog/categorie/${categorySlug(category)}`;

/**
 * Refuses post file names that would take the URL of a listing page (`/blog/2`, `/blog/categorie`).
 * @example assertPostSlug('2', 'src/content/blog/2.md') // throws
 */
export function assertPostSlug(slug: string, file: string): void {
  if (/^\d+$/.test(slug) || slug === 'categorie') {
    throw new Error(
      `${file}\u00a0: le nom de fichier «\u00a0${slug}\u00a0» prendrait l’adresse d’une page de la liste du blog (/blog/${slug})\u00a0; renommez le fichier avec des mots du titre.`,
    );
  }
}

/**
 * URL of page `n` of a paginated listing whose first page is `base` (`/blog`, `/blog/2`…).
 * @example pageUrl('/blog', 1) === '/blog'; pageUrl('/blog', 3) === '/blog/3'
 */
export const pageUrl = (base: string, n: number) => (n <= 1 ? base : `${base}/${n}`);

/**
 * The page numbers a pagination bar shows: the first, the last, and two either side of the current
 * one; `null` marks a gap (an ellipsis).
 * @example pageWindow(6, 84) // [1, null, 4, 5, 6, 7, 8, null, 84]
 */
export function pageWindow(current: number, last: number): (number | null)[] {
  const shown = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, last])]
    .filter((n) => n >= 1 && n <= last)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => {
    const previous = shown[i - 1];
    if (previous === undefined || n === previous + 1) return [n];
    return n === previous + 2 ? [previous + 1, n] : [null, n];
  });
}
