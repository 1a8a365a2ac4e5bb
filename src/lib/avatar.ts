/**
 * Illustrated avatars for people shown without a photo (team members, testimonial authors): a
 * deterministic face drawn at build time by `boring-avatars` ("beam" style) from the person's name, in
 * the site's palette. The result is a self-contained SVG used as an image source, so no JavaScript
 * reaches the visitor and the SVG's internal ids never clash with the page's.
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
 * The avatar of a person as a `data:` URL for an `<img src>` (URL-encoded SVG, smaller than base64).
 * @example avatarSrc('Sarah Martin') // 'data:image/svg+xml,%3Csvg…'
 */
export function avatarSrc(name: string): string {
  const svg = avatarSvg(name)
    .replace(/ xmlns:xlink="[^"]*"/, '')
    .replace(/"/g, "'")
    .replace(/[\r\n]+/g, ' ');
  return `data:image/svg+xml,${svg.replace(/[<>#%{}]/g, encodeURIComponent)}`;
}
