/**
 * Share images (Open Graph, 1200×630 PNG): the page title and the brand on the site's dark band,
 * laid out by satori (HTML/CSS subset → SVG, text as paths) and rasterised by resvg. The font is Inter,
 * self-hosted from the @fontsource/inter package: nothing is fetched at build time.
 * Why: docs/decisions/blog.md#share-images-one-open-graph-image-per-page-drawn-at-build-time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** What one share image shows. */
export interface OgImageContent {
  /** The page title, without the brand suffix. */
  title: string;
  brand: string;
  /** Small line above the title, e.g. a blog category. */
  eyebrow?: string;
  /** Host name shown at the bottom, e.g. `www.agence-exemple.fr`. */
  host: string;
}

const require = createRequire(import.meta.url);
const fontFile = (weight: number) =>
  readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`));

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
const loadFonts = () =>
  (fonts ??= [
    { name: 'Inter', data: fontFile(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: fontFile(700), weight: 700, style: 'normal' },
  ]);

/** The brand mark: the favicon (paths are relative to the project root, as in astro.config.mjs). */
let logo: string | undefined;
const loadLogo = () =>
  (logo ??= `data:image/svg+xml;base64,${readFileSync('public/favicon.svg').toString('base64')}`);

type Node = { type: string; props: Record<string, unknown> };
const h = (type: string, props: Record<string, unknown>, ...children: (Node | string)[]): Node => ({
  type,
  props: { ...props, children: children.length === 1 ? children[0] : children },
});

/** Title size that keeps long titles on at most four lines. */
export function titleFontSize(title: string): number {
  if (title.length <= 40) return 76;
  if (title.length <= 70) return 64;
  return 52;
}

function layout({ title, brand, eyebrow, host }: OgImageContent): Node {
  return h(
    'div',
    {
      style: {
        width: OG_WIDTH,
        height: OG_HEIGHT,
        boxSizing: 'border-box',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: '64px 72px',
        backgroundColor: '#1e1b4b',
        borderBottom: '16px solid #6366f1',
        color: '#ffffff',
        fontFamily: 'Inter',
      },
    },
    h(
      'div',
      { style: { display: 'flex', alignItems: 'center', gap: 20 } },
      h('img', { src: loadLogo(), width: 64, height: 64 }),
      h('div', { style: { fontSize: 34, fontWeight: 700 } }, brand),
    ),
    h(
      'div',
      { style: { display: 'flex', flexDirection: 'column', gap: 20, width: OG_WIDTH - 144 } },
      ...(eyebrow
        ? [h('div', { style: { fontSize: 30, fontWeight: 700, color: '#a5b4fc' } }, eyebrow)]
        : []),
      h(
        'div',
        {
          style: {
            fontSize: titleFontSize(title),
            fontWeight: 700,
            lineHeight: 1.15,
            lineClamp: 4,
            display: 'block',
          },
        },
        title,
      ),
    ),
    h('div', { style: { fontSize: 28, color: '#c7d2fe' } }, host),
  );
}

/**
 * Renders one share image as a 1200×630 PNG.
 * @example await renderOgImage({ title: 'Contact', brand: 'Agence', host: 'agence.fr' }) // PNG bytes
 */
export async function renderOgImage(content: OgImageContent): Promise<Buffer> {
  const svg = await satori(layout(content) as Parameters<typeof satori>[0], {
    width: OG_WIDTH,
    height: OG_HEIGHT,
    fonts: loadFonts(),
  });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}

/**
 * Width and height of a PNG, read from its header (IHDR).
 * @example pngSize(await renderOgImage(content)) // { width: 1200, height: 630 }
 */
export function pngSize(png: Buffer): { width: number; height: number } {
  if (
    png.length < 24 ||
    png.toString('latin1', 1, 4) !== 'PNG' ||
    png.toString('latin1', 12, 16) !== 'IHDR'
  ) {
    throw new Error('pngSize: not a PNG file');
  }
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}
