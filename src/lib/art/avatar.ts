/**
 * Illustrated avatars for people shown without a photo (team members, testimonial authors): a
 * deterministic face drawn at build time by `boring-avatars` ("beam" style) from the person's name, in
 * the site's palette. Each face is a small SVG file, `/avatars/<name>.svg` (endpoint
 * src/pages/avatars/[name].svg.ts), shown as an image: no JavaScript reaches the visitor, the SVG's
 * internal ids never clash with the page's, and a face costs the HTML one short URL.
 * Why: docs/decisions/look.md#faces-illustrated-avatars-drawn-from-the-name-as-files.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Avatar from 'boring-avatars';

/** The site's palette (indigo and coral accents, warm and cool lights), in `@theme` order. */
export const AVATAR_COLOURS = ['#312e81', '#4f46e5', '#fb7c55', '#ffc6b0', '#e0e7ff'];

/**
 * The avatar of a person as SVG markup: the same name always gives the same face.
 * @example avatarSvg('Sarah Martin') // '<svg viewBox="0 0 36 36" …>…</svg>'
 */
export function avatarSvg(name: string): string {
  const key = name.trim().normalize('NFC');
  if (!key) throw new Error('avatarSvg: a name is required to draw an avatar');
  return renderToStaticMarkup(
    createElement(Avatar, { name: key, variant: 'beam', colors: AVATAR_COLOURS, square: true }),
  );
}

/**
 * The file name of a person's avatar: the name without accents, lower case, words joined by dashes.
 * @example avatarSlug('Stéphane Garcia') // 'stephane-garcia'
 */
export function avatarSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  if (!slug)
    throw new Error(`avatarSlug: "${name}" has no letter or digit to name its avatar file`);
  return slug;
}

/**
 * Where a person's avatar is served.
 * @example avatarPath('Stéphane Garcia') // '/avatars/stephane-garcia.svg'
 */
export const avatarPath = (name: string) => `/avatars/${avatarSlug(name)}.svg`;
