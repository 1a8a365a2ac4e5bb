// The page-CSS step's edits of a page's head (src/integrations/page-css.ts): where its `<style>`
// elements sit and how its stylesheet links load.
import { DomUtils, parseDocument } from 'htmlparser2';

type PageDocument = ReturnType<typeof parseDocument>;

/** The page's parsed HTML, entities left as written. */
export const parsePage = (html: string): PageDocument =>
  parseDocument(html, { decodeEntities: false });

/** The page's HTML as written back. */
const serialized = (document: PageDocument): string =>
  DomUtils.getOuterHTML(document, { decodeEntities: false });

/** The `<head>` element of a parsed page; a page without one is an error. */
function headOf(document: PageDocument) {
  const head = DomUtils.findOne((element) => element.name === 'head', document.children);
  if (!head) throw new Error('page CSS: a page has no <head>');
  return head;
}

/**
 * Moves every `<style>` element outside the head to the end of the head, in document order.
 * @param html a whole HTML document
 */
export function stylesInHead(html: string): string {
  const document = parsePage(html);
  const head = headOf(document);
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
  return serialized(document);
}

/**
 * Turns every stylesheet link of the head into a `disabled` one, which the browser does not fetch
 * until the layout's inline script enables it after `load` and the first paint
 * (`enableStylesheets`), adds a `<noscript>` link to the whole stylesheet after it for browsers
 * without JavaScript, and moves both to the end of the head. The deferred link points at
 * `deferredHref(href)` (the rules the page's inline CSS lacks), or is dropped when that is undefined
 * (the inline CSS has them all, or another link brings them). Last, because enabling a stylesheet
 * that other stylesheets follow makes Chromium rebuild the page's font faces: the display face then
 * starts over as a new `FontFace`, which takes a font that arrived after the first paint and swaps
 * it in, moving the text `font-display: optional` promised to keep still
 * (tests/e2e/identity.spec.ts). Enabling the last stylesheet only adds its rules.
 * @param html a whole HTML document
 * @param deferredHref the stylesheet to defer in place of a linked one
 */
export function deferStylesheets(
  html: string,
  deferredHref: (href: string) => string | undefined = (href) => href,
): string {
  const document = parsePage(html);
  const head = headOf(document);
  const links = DomUtils.findAll(
    (element) =>
      element.name === 'link' && element.attribs.rel === 'stylesheet' && element.parent === head,
    head.children,
  );
  for (const link of links) {
    const fallback = parsePage(
      `<noscript><link rel="stylesheet" href="${link.attribs.href}"></noscript>`,
    ).children[0];
    const deferred = deferredHref(link.attribs.href);
    DomUtils.removeElement(link);
    if (deferred !== undefined) {
      link.attribs.href = deferred;
      link.attribs.disabled = '';
      DomUtils.appendChild(head, link);
    }
    DomUtils.appendChild(head, fallback as typeof link);
  }
  return links.length === 0 ? html : serialized(document);
}

/** The page with a `<style>` of `css` at the end of its head. */
export function withStyle(html: string, css: string): string {
  const document = parsePage(html);
  const head = headOf(document);
  const [style] = parsePage(`<style>${css}</style>`).children;
  DomUtils.appendChild(head, style as typeof head);
  return serialized(document);
}

/** The `href` of every stylesheet the head of `html` links. */
export function linkedStylesheets(html: string): string[] {
  return DomUtils.findAll(
    (element) => element.name === 'link' && element.attribs.rel === 'stylesheet',
    parsePage(html).children,
  ).map((link) => link.attribs.href);
}

/** The text of every `<style>` element of `html`, in document order. */
export function inlineStyles(html: string): string[] {
  return DomUtils.findAll((element) => element.name === 'style', parsePage(html).children).map(
    (style) => DomUtils.textContent(style),
  );
}
