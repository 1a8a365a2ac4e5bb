/**
 * Tool logos from the `simple-icons` package, found by the tool's name as the content writes it.
 * Pages reference them as small SVG files under `/logos/` (written at build time by
 * src/integrations/tool-logos.ts), so a grid of logos costs the HTML a few bytes per tool.
 * Why: docs/decisions/look.md#tool-logos-the-real-marks-from-simple-icons-as-files.
 */
import * as icons from 'simple-icons';
import type { SimpleIcon } from 'simple-icons';

/** Names the content uses for a product whose mark simple-icons files under another title. */
const ALIASES: Record<string, string> = {
  'whatsapp business': 'whatsapp',
  'google workspace': 'google',
};

const byTitle = new Map<string, SimpleIcon>();
const bySlug = new Map<string, SimpleIcon>();
for (const icon of Object.values(icons) as SimpleIcon[]) {
  if (!icon?.slug) continue;
  byTitle.set(icon.title.toLowerCase(), icon);
  bySlug.set(icon.slug, icon);
}

export interface ToolLogo {
  slug: string;
  /** The file path to put in `<img src>`. */
  src: string;
}

/**
 * The logo of a tool, or undefined when simple-icons has none (some brands, e.g. OpenAI or Slack,
 * asked for their mark to be removed): callers then show the name alone.
 * @example toolLogo('Node.js') // { slug: 'nodedotjs', src: '/logos/nodedotjs.svg' }
 */
export function toolLogo(name: string): ToolLogo | undefined {
  const key = name.trim().toLowerCase();
  const icon = byTitle.get(key) ?? bySlug.get(ALIASES[key] ?? '');
  return icon && { slug: icon.slug, src: `/logos/${icon.slug}.svg` };
}

/**
 * The SVG file of a logo, in the brand's colour, or undefined for an unknown slug.
 * @example toolLogoSvg('astro') // '<svg xmlns=… viewBox="0 0 24 24" fill="#BC52EE">…</svg>'
 */
export function toolLogoSvg(slug: string): string | undefined {
  const icon = bySlug.get(slug);
  if (!icon) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#${icon.hex}"><title>${icon.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title><path d="${icon.path}"/></svg>`;
}

/** The slugs of the logos a built HTML page references. */
export function logoSlugsIn(html: string): string[] {
  return [...html.matchAll(/\/logos\/([a-z0-9]+)\.svg/g)].map((match) => match[1]);
}
