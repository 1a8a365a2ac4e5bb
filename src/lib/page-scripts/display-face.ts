/**
 * The display face on the views that show it, and on no other: headings use it only once its file
 * is in the browser's cache (`data-face` on <html>, src/styles/global.css), so a first view neither
 * fetches nor looks it up during its load; it is fetched after that view's `load`, for the next
 * page. Why: docs/decisions/look.md#display-font-shown-once-cached-fetched-after-the-first-view.
 */
import { minifyInline } from '../layout/inline-script';

/**
 * Written into the head of every page as an inline script, so that it runs before the first
 * paint (a page never swaps faces once painted): turns the face on when the file at `url` was
 * fetched whole by an earlier view (its address kept in localStorage under `face`); else fetches
 * it after `load`, and keeps its address once it is in (a failed request keeps nothing). A new file
 * (another address after a deploy) is fetched anew. With storage blocked by the browser's settings
 * the headings keep the system face. Self-contained: no imports.
 */
export function displayFaceOnceCached(url: string): void {
  try {
    if (localStorage.face == url) document.documentElement.dataset.face = '';
    else
      addEventListener('load', () =>
        fetch(url)
          .then((response) => response.blob())
          .then(() => (localStorage.face = url))
          .catch(() => {}),
      );
  } catch {
    // storage blocked: the system face, on every view
  }
}

/**
 * The head's inline script for the face whose file is at `url` (Astro's `fontData`); throws, failing
 * the build, when there is none.
 */
export function displayFaceScript(url: string | undefined): string {
  if (!url) throw new Error("The display face (--font-brand) has no file in Astro's fontData.");
  return minifyInline(`(${displayFaceOnceCached})(${JSON.stringify(url)})`);
}
