/**
 * The visual preview of a delivered project, drawn from its content entry as a standalone SVG file
 * (`/nos-realisations/<slug>.svg`): the site in a browser and a phone (headline, menu, typeface), the
 * chatbot conversation, or the workflow steps, in the project's colour. A copywriter adding a project
 * gets its preview without a designer.
 * Why: docs/decisions/look.md#project-previews-drawn-from-the-project-entry.
 */
import type { Project } from '../../schemas/projects';
import { entryPath } from '../content/routed-collections';

type PreviewSource = Pick<Project, 'client' | 'colour' | 'preview'>;

/** Light, brand and soft tints of each project colour (brand carries white text at AA). */
export const PREVIEW_PALETTES: Record<Project['colour'], [string, string, string]> = {
  indigo: ['#e0e7ff', '#4338ca', '#c7d2fe'],
  emerald: ['#d1fae5', '#047857', '#a7f3d0'],
  rose: ['#ffe4e6', '#be123c', '#fecdd3'],
  amber: ['#fef3c7', '#b45309', '#fde68a'],
  sky: ['#e0f2fe', '#0369a1', '#bae6fd'],
  violet: ['#ede9fe', '#6d28d9', '#ddd6fe'],
};
const FONTS = {
  sans: 'system-ui,sans-serif',
  serif: 'Georgia,serif',
  rounded: 'ui-rounded,system-ui,sans-serif',
};

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Rough width of a label (system fonts average about 0.55 em a character). */
const width = (text: string, size: number) => Math.round(text.length * size * 0.55);
/**
 * The size, at most `size`, at which a bold label fits `room` px in any common face: the widest,
 * DejaVu Sans Bold (`system-ui` on Linux and what Android and Firefox fall back to when Georgia is
 * absent), takes up to 0.72 em a character of French words.
 */
const fitting = (text: string, size: number, room: number) =>
  Math.min(size, Math.floor((room / (text.length * 0.75)) * 10) / 10);
/** A headline on two balanced lines, split at the space nearest the middle. */
const twoLines = (text: string) => {
  const spaces = [...text.matchAll(/ /g)].map((match) => match.index);
  if (text.length < 18 || spaces.length === 0) return [text];
  const middle = text.length / 2;
  const cut = spaces.reduce((a, b) => (Math.abs(b - middle) < Math.abs(a - middle) ? b : a));
  return [text.slice(0, cut), text.slice(cut + 1)];
};

function site(preview: Extract<Project['preview'], { kind: 'site' }>, tints: string[]): string {
  const [light, brand, soft] = tints;
  const font = FONTS[preview.typeface];
  let x = 62;
  const menu = preview.screens.map((screen) => {
    const item = `<text x="${x}" y="55">${escape(screen)}</text>`;
    x += width(screen, 8) + 12;
    return item;
  });
  const lines = twoLines(preview.headline);
  const headline = lines
    .map((line, i) => `<tspan x="42" dy="${i ? 18 : 0}">${escape(line)}</tspan>`)
    .join('');
  const headlineSize = Math.min(...lines.map((line) => fitting(line, 15, 240)));
  const title = preview.screens[1];
  const cards = [28, 120, 212]
    .map(
      (cx) =>
        `<rect x="${cx}" y="160" width="84" height="50" rx="6" fill="${light}"/><rect x="${cx + 8}" y="190" width="60" height="5" rx="2.5" fill="${soft}"/>`,
    )
    .join('');
  const rows = [112, 142, 172]
    .map((y) => `<rect x="313" y="${y}" width="62" height="24" rx="5" fill="${light}"/>`)
    .join('');
  return (
    `<rect x="16" y="20" width="292" height="200" rx="10" fill="#fff"/>` +
    `<path d="M16 30a10 10 0 0 1 10-10h272a10 10 0 0 1 10 10v6H16z" fill="${soft}"/>` +
    `<circle cx="28" cy="28" r="3" fill="${brand}"/><circle cx="38" cy="28" r="3" fill="${brand}" opacity=".5"/>` +
    `<circle cx="36" cy="52" r="7" fill="${brand}"/>` +
    `<g font-size="8" fill="#334155">${menu.join('')}</g>` +
    `<rect x="28" y="66" width="268" height="84" rx="8" fill="${brand}"/>` +
    `<text x="42" y="94" fill="#fff" font-size="${headlineSize}" font-weight="700" font-family="${font}">${headline}</text>` +
    `<rect x="42" y="126" width="58" height="14" rx="7" fill="#fff"/>` +
    `<rect x="108" y="126" width="44" height="14" rx="7" fill="none" stroke="#fff"/>` +
    cards +
    `<rect x="300" y="48" width="88" height="180" rx="14" fill="#0f172a"/>` +
    `<rect x="305" y="56" width="78" height="164" rx="9" fill="#fff"/>` +
    `<rect x="305" y="56" width="78" height="46" rx="9" fill="${brand}"/>` +
    `<text x="313" y="84" fill="#fff" font-size="${fitting(title, 10, 62)}" font-weight="700" font-family="${font}">${escape(title)}</text>` +
    rows +
    `<rect x="321" y="204" width="46" height="9" rx="4.5" fill="${brand}"/>`
  );
}

function chatbot(
  preview: Extract<Project['preview'], { kind: 'chatbot' }>,
  client: string,
  tints: string[],
): string {
  const [light, brand] = tints;
  const bubbles = preview.messages.map((message, index) => {
    const w = Math.min(width(message.text, 10) + 22, 236);
    const bx = message.from === 'bot' ? 76 : 324 - w;
    const y = 62 + index * 36;
    const bot = message.from === 'bot';
    return (
      `<rect x="${bx}" y="${y}" width="${w}" height="26" rx="13" fill="${bot ? light : brand}"/>` +
      `<text x="${bx + 11}" y="${y + 17}" font-size="10" fill="${bot ? '#0f172a' : '#fff'}">${escape(message.text)}</text>`
    );
  });
  return (
    `<rect x="60" y="12" width="280" height="216" rx="14" fill="#fff"/>` +
    `<path d="M60 26a14 14 0 0 1 14-14h252a14 14 0 0 1 14 14v20H60z" fill="${brand}"/>` +
    `<circle cx="80" cy="29" r="8" fill="#fff"/><path d="M76 29h8M80 25v8" stroke="${brand}" stroke-width="2"/>` +
    `<text x="96" y="33" fill="#fff" font-size="10" font-weight="700">${escape(client)}</text>` +
    `<circle cx="324" cy="29" r="3.5" fill="#34d399"/>` +
    bubbles.join('') +
    `<rect x="74" y="204" width="252" height="14" rx="7" fill="#f1f5f9"/>` +
    `<circle cx="318" cy="211" r="4" fill="${brand}"/>`
  );
}

function workflow(
  preview: Extract<Project['preview'], { kind: 'workflow' }>,
  tints: string[],
): string {
  const [, brand] = tints;
  const top = 120 - (preview.steps.length * 42 - 12) / 2;
  return preview.steps
    .map((step, index, all) => {
      const y = top + index * 42;
      const last = index === all.length - 1;
      return (
        (last
          ? ''
          : `<path d="M120 ${y + 30}v12" stroke="${brand}" stroke-width="2" stroke-dasharray="3 3"/>`) +
        `<rect x="92" y="${y}" width="216" height="30" rx="15" fill="#fff"/>` +
        `<circle cx="120" cy="${y + 15}" r="10" fill="${last ? '#047857' : brand}"/>` +
        `<text x="120" y="${y + 19}" font-size="10" font-weight="700" fill="#fff" text-anchor="middle">${index + 1}</text>` +
        `<text x="140" y="${y + 19}" font-size="11" font-weight="600" fill="#0f172a">${escape(step)}</text>`
      );
    })
    .join('');
}

/** The `<svg>` element's own attributes: its drawing box, its size and its default typeface. */
export const PREVIEW_SVG_ATTRIBUTES = {
  viewBox: '0 0 400 240',
  width: 400,
  height: 240,
  'font-family': 'system-ui,sans-serif',
} as const;

/**
 * What a project's preview draws, without the `<svg>` element: its background and the scene.
 * @example projectPreviewDrawing(entry.data) // '<rect width="400" height="240" fill=…/>…'
 */
export function projectPreviewDrawing(project: PreviewSource): string {
  const tints = PREVIEW_PALETTES[project.colour];
  const { preview } = project;
  const body =
    preview.kind === 'site'
      ? site(preview, tints)
      : preview.kind === 'chatbot'
        ? chatbot(preview, project.client, tints)
        : workflow(preview, tints);
  return `<rect width="400" height="240" fill="${tints[0]}"/>${body}`;
}

/**
 * The preview of a project as a standalone SVG document.
 * @example projectPreviewSvg(entry.data) // '<svg xmlns=… viewBox="0 0 400 240">…</svg>'
 */
export function projectPreviewSvg(project: PreviewSource): string {
  const attributes = Object.entries(PREVIEW_SVG_ATTRIBUTES)
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg"${attributes}>${projectPreviewDrawing(project)}</svg>`;
}

/** Where a project's preview is served. */
export const projectPreviewPath = (slug: string) => `${entryPath('projects', slug)}.svg`;
