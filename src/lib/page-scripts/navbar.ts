import { normalizePath } from '../seo/seo';

/** Scroll position (px) up to which the navigation bar stays transparent. */
export const NAV_SCROLL_THRESHOLD = 50;

/** True when `href` is the active route for `pathname` (exact match, see normalizePath). */
export function isActivePath(href: string, pathname: string): boolean {
  return normalizePath(href) === normalizePath(pathname);
}
