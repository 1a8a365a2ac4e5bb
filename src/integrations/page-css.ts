// Post-build step (src/integrations/post-build.ts): every page gets the CSS its own HTML uses inline,
// and one deferred stylesheet of the rules it lacks, so the page and its CSS fit the first round trip.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Beasties, { type Options as BeastiesOptions } from 'beasties';
import { PAGE_SCRIPT_STATES } from '../lib/page-scripts/layout';
import { withoutUnreadCustomProperties } from './page-css/custom-properties';
import {
  deferStylesheets,
  inlineStyles,
  linkedStylesheets,
  stylesInHead,
  withStyle,
} from './page-css/head';
import { missingRules } from './page-css/missing-rules';

/**
 * Rules for states the visitor creates from the first frame, which no built page carries: the
 * focus ring (`:focus-visible` in src/styles/global.css). Beasties keeps a rule when its selector,
 * less its pseudo-classes, matches the page; a selector that is a pseudo-class alone matches
 * nothing, so without this a keyboard visitor would see the browser's thin ring until the whole
 * stylesheet has loaded. Tailwind's base styles reset Firefox's own ring (`:-moz-focusring`)
 * before the site's rule: kept inline beside it, in that order, or the deferred stylesheet would
 * bring it after the site's rule, and in Firefox it would win.
 */
const VISITOR_STATES: RegExp[] = [/^:focus-visible$/, /^:-moz-focusring(?![\w-])/];

/** Beasties as this step runs it, reading each stylesheet of `dist` once into `stylesheets`. */
function pageBeasties(dist: string, stylesheets: Map<string, Promise<string>>): Beasties {
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    // The link is deferred below (`deferStylesheets`), not by Beasties: `preload: false`, which
    // Beasties' README documents (links left as they are) but its option type leaves out.
    preload: false as unknown as BeastiesOptions['preload'],
    // No font is preloaded (docs/decisions/look.md#display-font-shown-once-cached-fetched-after-the-first-view): not by this step either.
    preloadFonts: false,
    inlineFonts: false,
    // Astro's own small <style> elements (the font faces) stay as Astro wrote them.
    reduceInlineStyles: false,
    allowRules: [...PAGE_SCRIPT_STATES, ...VISITOR_STATES],
    logLevel: 'warn',
  });
  beasties.readFile = (file: string) => {
    if (!stylesheets.has(file)) stylesheets.set(file, readFile(file, 'utf8'));
    return stylesheets.get(file)!;
  };
  return beasties;
}

/**
 * One page's CSS: the page with its inline CSS and its deferred link, and the deferred stylesheet
 * (path under dist/ and rules) when the page lacks any rule.
 */
async function cssOfPage(
  html: string,
  dist: string,
  beasties: Beasties,
): Promise<{ page: string; deferred?: { path: string; css: string } }> {
  const critical = stylesInHead(await beasties.process(html));
  const inline = inlineStyles(critical);
  const hrefs = linkedStylesheets(critical);
  const rules: { inline: string; deferred: string }[] = [];
  for (const href of hrefs)
    rules.push(missingRules(await beasties.readFile(join(dist, href)), inline, critical));
  const added = rules.map((rule) => rule.inline).join('');
  const lacking = rules.map((rule) => rule.deferred).join('');
  // One deferred stylesheet for all the linked ones, last in the head (`deferStylesheets`), named
  // by its content: pages that lack the same rules share one file, cached a year.
  const path = lacking
    ? `_astro/deferred.${createHash('sha256').update(lacking).digest('hex').slice(0, 10)}.css`
    : undefined;
  const page = deferStylesheets(
    withoutUnreadCustomProperties(added ? withStyle(critical, added) : critical),
    (href) => (path && href === hrefs.at(-1) ? `/${path}` : undefined),
  );
  return { page, deferred: path ? { path, css: lacking } : undefined };
}

/**
 * The CSS step over the built pages. Astro links the site's one stylesheet
 * (`build.inlineStylesheets: 'never'`); Beasties (a maintained library) inlines in each page the
 * rules whose selectors match its markup, less the custom properties nothing on the page reads
 * (`withoutUnreadCustomProperties`). The link then points at a stylesheet of only the rules the page
 * lacks (`missingRules`: the states that only scripts create, an island's messages, the toaster),
 * `disabled`, so nothing is fetched before the first paint, and the layout's inline script enables
 * it once the page has loaded and painted; enabling it restyles next to nothing. A `<noscript>` link
 * loads the whole stylesheet for browsers without JavaScript. Rules for the states the layout's own
 * inline script sets from the first frames (the scroll reveal, the solid navigation bar) are kept
 * inline (`PAGE_SCRIPT_STATES`), and so is the focus ring (`VISITOR_STATES`). A `<style>` found in
 * the body (Astro places the island element's before the first island) moves to the head, the only
 * place HTML allows it (`stylesInHead`).
 * @param pages the built pages, by path under dist/
 * @param dist the built site's folder (where the linked stylesheet is read)
 * @returns every page that links a stylesheet, with its CSS inlined and the link deferred, and the
 *   deferred stylesheets (`missingRules`), by path under dist/
 */
export async function pageCss(
  pages: ReadonlyMap<string, string>,
  dist: string,
): Promise<Map<string, string>> {
  const stylesheets = new Map<string, Promise<string>>();
  const beasties = pageBeasties(dist, stylesheets);
  const out = new Map<string, string>();
  for (const [path, html] of pages) {
    // Pages without the site's stylesheet (the editor at /admin) are left as they are.
    if (!html.includes('rel="stylesheet"')) continue;
    const { page, deferred } = await cssOfPage(html, dist, beasties);
    if (deferred) out.set(deferred.path, deferred.css);
    out.set(path, page);
  }
  if (stylesheets.size === 0 && out.size > 0)
    throw new Error(`page CSS: no stylesheet of ${join(dist, '_astro')} was read`);
  return out;
}
