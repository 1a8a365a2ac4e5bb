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

/** WCAG relative luminance of a `RRGGBB` colour (0 for black, 1 for white). */
function luminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The dark theme's surfaces (src/styles/tokens.css) are darker than luminance 0.02: a brand colour
 * under 3:1 against them (WCAG 1.4.11) is drawn in the dark theme's ink instead. The file follows
 * the page's theme, as an `<img>` SVG sees the page's `prefers-color-scheme`.
 */
const DARK_SURFACE_LUMINANCE = 0.02;
const DARK_THEME_INK = '#e2e8f0';

/**
 * The SVG file of a logo, in the brand's colour, or undefined for an unknown slug.
 * @example toolLogoSvg('astro') // '<svg xmlns=… viewBox="0 0 24 24" fill="#BC52EE">…</svg>'
 */
export function toolLogoSvg(slug: string): string | undefined {
  const icon = bySlug.get(slug);
  if (!icon) return undefined;
  const faint = (luminance(icon.hex) + 0.05) / (DARK_SURFACE_LUMINANCE + 0.05) < 3;
  const dark = faint
    ? `<style>@media (prefers-color-scheme:dark){svg{fill:${DARK_THEME_INK}}}</style>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#${icon.hex}"><title>${icon.title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</title>${dark}<path d="${icon.path}"/></svg>`;
}

/** The slugs of the logos a built HTML page references. */
export function logoSlugsIn(html: string): string[] {
  return [...html.matchAll(/\/logos\/([a-z0-9]+)\.svg/g)].map((match) => match[1]);
}
