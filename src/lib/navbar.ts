import { normalizePath } from './seo';

/** Scroll position (px) up to which the navigation bar stays transparent. */
export const NAV_SCROLL_THRESHOLD = 50;

/** True when the navigation bar must be opaque: strictly above the threshold. */
export function isNavOpaque(scrollY: number): boolean {
  return scrollY > NAV_SCROLL_THRESHOLD;
}

/** True when `href` is the active route for `pathname` (exact match, see normalizePath). */
export function isActivePath(href: string, pathname: string): boolean {
  return normalizePath(href) === normalizePath(pathname);
}
