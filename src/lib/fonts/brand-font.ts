/**
 * The display face as the site serves it: Bricolage Grotesque cut down at build time to one weight
 * (the variable font's axes pinned at bold, the weight the headings use) and to the characters French
 * headings can hold (ASCII, French letters, typographic quotes, dashes, spaces and symbols), with
 * `subset-font` (HarfBuzz's hb-subset). A glyph outside the set falls back, character by character, to
 * the metric-matched fallback face. The file is written once per input under node_modules/.cache and
 * reused by later builds.
 * Why: docs/decisions/look.md#the-display-face-one-weight-french-characters-cut-at-build-time.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

/** The full variable font (latin file of @fontsource-variable/bricolage-grotesque, weights 200–800). */
export const BRAND_FONT_SOURCE =
  'node_modules/@fontsource-variable/bricolage-grotesque/files/bricolage-grotesque-latin-wght-normal.woff2';
/** The one weight kept: headings are bold (600 for a few h3, which the browser maps to it). */
export const BRAND_FONT_WEIGHT = 700;

/** French letters beyond ASCII, both cases. */
const FRENCH_LETTERS = 'àâäæçéèêëîïôöœùûüÿÀÂÄÆÇÉÈÊËÎÏÔÖŒÙÛÜŸ';
/** Typography the content loader writes (src/lib/content-pipeline/typography.ts), usual symbols. */
const TYPOGRAPHY = '«»‘’“”–—…€·×•\u00a0\u202f';
/** Every character the subset keeps: printable ASCII, French letters, typography. */
export const BRAND_FONT_CHARACTERS =
  String.fromCharCode(...Array.from({ length: 95 }, (_, i) => 32 + i)) +
  FRENCH_LETTERS +
  TYPOGRAPHY;

/**
 * Writes the subset (woff2) if it is not there yet and returns its path.
 * @param cacheDir where subsets are kept (one file per source, weight and character set)
 */
export async function brandFontFile(
  cacheDir = 'node_modules/.cache/brand-font',
  source = BRAND_FONT_SOURCE,
): Promise<string> {
  if (!existsSync(source))
    throw new Error(`${source} is missing: run npm install (the display face's source file).`);
  const input = readFileSync(source);
  const key = createHash('sha256')
    .update(input)
    .update(`${BRAND_FONT_WEIGHT}:noLayoutClosure:${BRAND_FONT_CHARACTERS}`)
    .digest('hex')
    .slice(0, 16);
  const file = join(cacheDir, `bricolage-grotesque-${BRAND_FONT_WEIGHT}-${key}.woff2`);
  if (existsSync(file)) return file;
  const subset = await subsetFont(input, BRAND_FONT_CHARACTERS, {
    targetFormat: 'woff2',
    variationAxes: { wght: BRAND_FONT_WEIGHT },
    // Glyphs reachable only through substitutions (alternates, ligatures) are not kept.
    noLayoutClosure: true,
  });
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, subset);
  return file;
}
