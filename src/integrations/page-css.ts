/**
 * Post-build step (src/integrations/post-build.ts): gives every page only the CSS its own HTML
 * uses, so the page with its CSS fits the first network round trip. Astro links the site's one
 * stylesheet (`build.inlineStylesheets: 'never'`); Beasties (a maintained library) inlines in each
 * page the rules whose selectors match its markup, less the custom properties nothing on the page
 * reads (`withoutUnreadCustomProperties`); the link is then `disabled`, so nothing is fetched
 * before the first paint, and the layout's inline script enables it once the page has loaded and
 * painted (a `<noscript>` link for browsers without JavaScript). The whole stylesheet, cached a
 * year, then brings the rules of states that only scripts create (an island's messages, the
 * toaster). Rules for the states the layout's own inline script sets from the first frame (the
 * scroll reveal, the solid navigation bar) are kept inline (`PAGE_SCRIPT_STATES`), and so is the
 * focus ring (`VISITOR_STATES`). A `<style>` found in the body (Astro places the island element's
 * before the first island) moves to the head, the only place HTML allows it (`stylesInHead`).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Beasties, { type Options as BeastiesOptions } from 'beasties';
import { DomUtils, parseDocument } from 'htmlparser2';
import postcss, { type ChildNode } from 'postcss';
import { PAGE_SCRIPT_STATES } from '../lib/page-scripts/layout';

/**
 * Rules for states the visitor creates from the first frame, which no built page carries: the
 * focus ring (`:focus-visible` in src/styles/global.css). Beasties keeps a rule when its selector,
 * less its pseudo-classes, matches the page; a selector that is a pseudo-class alone matches
 * nothing, so without this a keyboard visitor would see the browser's thin ring until the whole
 * stylesheet has loaded.
 */
const VISITOR_STATES: RegExp[] = [/^:focus-visible$/];

/**
 * Moves every `<style>` element outside the head to the end of the head, in document order.
 * @param html a whole HTML document
 */
export function stylesInHead(html: string): string {
  const document = parseDocument(html, { decodeEntities: false });
  const head = DomUtils.findOne((element) => element.name === 'head', document.children);
  if (!head) throw new Error('page CSS: a page has no <head>');
  const inHead = (node: { parent: unknown } | null): boolean =>
    node !== null && (node === head || inHead(node.parent as { parent: unknown } | null));
  const stray = DomUtils.findAll(
    (element) => element.name === 'style' && !inHead(element),
    document.children,
  );
  if (stray.length === 0) return html;
  for (const style of stray) {
    DomUtils.removeElement(style);
    DomUtils.appendChild(head, style);
  }
  return DomUtils.getOuterHTML(document, { decodeEntities: false });
}

/**
 * Turns every stylesheet link of the head into a `disabled` one, which the browser does not fetch
 * until the layout's inline script enables it after `load` and the first paint
 * (`enableStylesheets`), adds a `<noscript>` link after it for browsers without JavaScript, and
 * moves both to the end of the head. Last, because enabling a stylesheet that other stylesheets
 * follow makes Chromium rebuild the page's font faces: the display face then starts over as a new
 * `FontFace`, which takes a font that arrived after the first paint and swaps it in, moving the
 * text `font-display: optional` promised to keep still (tests/e2e/identity.spec.ts). Enabling the
 * last stylesheet only adds its rules.
 * @param html a whole HTML document
 */
export function deferStylesheets(html: string): string {
  const document = parseDocument(html, { decodeEntities: false });
  const head = DomUtils.findOne((element) => element.name === 'head', document.children);
  if (!head) throw new Error('page CSS: a page has no <head>');
  const links = DomUtils.findAll(
    (element) =>
      element.name === 'link' && element.attribs.rel === 'stylesheet' && element.parent === head,
    head.children,
  );
  for (const link of links) {
    const fallback = parseDocument(
      `<noscript><link rel="stylesheet" href="${link.attribs.href}"></noscript>`,
      { decodeEntities: false },
    ).children[0];
    link.attribs.disabled = '';
    DomUtils.removeElement(link);
    DomUtils.appendChild(head, link);
    DomUtils.appendChild(head, fallback as typeof link);
  }
  return links.length === 0 ? html : DomUtils.getOuterHTML(document, { decodeEntities: false });
}

/**
 * Drops from the page's `<style>` elements every custom property nothing on the page reads: its
 * `@property` registration and the declarations that set it, when no `var(--name)` appears anywhere in
 * the page (its CSS, its `style` attributes). Tailwind registers and initialises every `--tw-*`
 * property of the whole stylesheet (rotate, blur, gradients…) and Beasties keeps them all, as they
 * match any element; the page's own rules read a dozen. The whole stylesheet, loaded after the first
 * paint, brings the rest. Rules and at-rules this leaves empty go too.
 * @param html a whole HTML document
 */
export function withoutUnreadCustomProperties(html: string): string {
  const read = new Set(Array.from(html.matchAll(/var\(\s*(--[\w-]+)/g), (match) => match[1]));
  const document = parseDocument(html, { decodeEntities: false });
  for (const style of DomUtils.findAll((element) => element.name === 'style', document.children)) {
    const css = postcss.parse(DomUtils.textContent(style));
    // Removes `node`, then each block around it that it leaves empty.
    const remove = (node: ChildNode) => {
      const parent = node.parent;
      node.remove();
      if (parent && parent.type !== 'root' && parent.nodes?.length === 0)
        remove(parent as ChildNode);
    };
    css.walkAtRules('property', (rule) => {
      if (!read.has(rule.params.trim())) remove(rule);
    });
    css.walkDecls(/^--/, (declaration) => {
      if (!read.has(declaration.prop)) remove(declaration);
    });
    const text = style.children[0];
    if (text && 'data' in text) text.data = css.toString();
  }
  return DomUtils.getOuterHTML(document, { decodeEntities: false });
}

/**
 * The CSS step over the built pages.
 * @param pages the built pages, by path under dist/
 * @param dist the built site's folder (where the linked stylesheet is read)
 * @returns every page that links a stylesheet, with its CSS inlined and the link deferred
 */
export async function pageCss(
  pages: ReadonlyMap<string, string>,
  dist: string,
): Promise<Map<string, string>> {
  const stylesheets = new Map<string, Promise<string>>();
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    // The link is deferred below (`deferStylesheets`), not by Beasties: `preload: false`, which
    // Beasties' README documents (links left as they are) but its option type leaves out.
    preload: false as unknown as BeastiesOptions['preload'],
    // No font is preloaded (docs/decisions/display-font.md): not by this step either.
    preloadFonts: false,
    inlineFonts: false,
    // Astro's own small <style> elements (the font faces) stay as Astro wrote them.
    reduceInlineStyles: false,
    allowRules: [...PAGE_SCRIPT_STATES, ...VISITOR_STATES],
    logLevel: 'warn',
  });
  // One read per stylesheet for all the pages.
  beasties.readFile = (file: string) => {
    if (!stylesheets.has(file)) stylesheets.set(file, readFile(file, 'utf8'));
    return stylesheets.get(file)!;
  };
  const out = new Map<string, string>();
  for (const [path, html] of pages) {
    // Pages without the site's stylesheet (the editor at /admin) are left as they are.
    if (!html.includes('rel="stylesheet"')) continue;
    out.set(
      path,
      deferStylesheets(withoutUnreadCustomProperties(stylesInHead(await beasties.process(html)))),
    );
  }
  if (stylesheets.size === 0 && out.size > 0)
    throw new Error(`page CSS: no stylesheet of ${join(dist, '_astro')} was read`);
  return out;
}
