/**
 * Where the display font is preloaded: only on pages whose largest contentful paint is a heading set
 * in it. Measured (Chromium, 375 and 1280 px): the home page's display-size title is its LCP; on the
 * other pages the LCP is the hero's lead paragraph (system font) or the project preview, so a
 * preload there would only compete with the first paint.
 */
import { normalizePath } from '../seo/seo';

const PRELOADED_ON = new Set(['/']);

/**
 * True when the page at `pathname` preloads the display font.
 * @example preloadsDisplayFont('/') // true
 */
export function preloadsDisplayFont(pathname: string): boolean {
  return PRELOADED_ON.has(normalizePath(pathname));
}
