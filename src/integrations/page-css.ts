/**
 * Post-build step (src/integrations/post-build.ts): gives every page only the CSS its own HTML
 * uses, so the page with its CSS fits the first network round trip. Astro links the site's one
 * stylesheet (`build.inlineStylesheets: 'never'`); Beasties (a maintained library) inlines in each
 * page the rules whose selectors match its markup, less the custom properties nothing on the page
 * reads (`withoutUnreadCustomProperties`). The link then points at a stylesheet of only the rules
 * the page lacks (`missingRules`: the states that only scripts create, an island's messages, the
 * toaster), `disabled`, so nothing is fetched before the first paint, and the layout's inline
 * script enables it once the page has loaded and painted; enabling it restyles next to nothing. A
 * `<noscript>` link loads the whole stylesheet for browsers without JavaScript. Rules for the
 * states the layout's own inline script sets from the first frames (the scroll reveal, the solid
 * navigation bar) are kept inline (`PAGE_SCRIPT_STATES`), and so is the focus ring
 * (`VISITOR_STATES`). A `<style>` found in the body (Astro places the island element's before the
 * first island) moves to the head, the only place HTML allows it (`stylesInHead`).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Beasties, { type Options as BeastiesOptions } from 'beasties';
import { DomUtils, parseDocument } from 'htmlparser2';
import postcss, { type AtRule, type ChildNode, type Declaration, type Rule } from 'postcss';
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
 * (`enableStylesheets`), adds a `<noscript>` link to the whole stylesheet after it for browsers
 * without JavaScript, and moves both to the end of the head. The deferred link points at
 * `deferredHref(href)` (the rules the page's inline CSS lacks), or is dropped when that is undefined
 * (the inline CSS has them all, or another link brings them). Last, because enabling a stylesheet that other stylesheets
 * follow makes Chromium rebuild the page's font faces: the display face then starts over as a new
 * `FontFace`, which takes a font that arrived after the first paint and swaps it in, moving the
 * text `font-display: optional` promised to keep still (tests/e2e/identity.spec.ts). Enabling the
 * last stylesheet only adds its rules.
 * @param html a whole HTML document
 * @param deferredHref the stylesheet to defer in place of a linked one
 */
export function deferStylesheets(
  html: string,
  deferredHref: (href: string) => string | undefined = (href) => href,
): string {
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
    const deferred = deferredHref(link.attribs.href);
    DomUtils.removeElement(link);
    if (deferred !== undefined) {
      link.attribs.href = deferred;
      link.attribs.disabled = '';
      DomUtils.appendChild(head, link);
    }
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

/** CSS text with its whitespace runs collapsed and none around combinators and commas. */
const normalized = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/\s*([>+~,])\s*/g, '$1')
    .trim();

/** Where a node sits: its enclosing at-rules and rules, outermost first. */
function contextOf(node: ChildNode): string {
  const chain: string[] = [];
  for (
    let parent = node.parent as ChildNode | undefined;
    parent;
    parent = parent.parent as ChildNode | undefined
  ) {
    if (parent.type === 'atrule') {
      const atRule = parent as AtRule;
      chain.unshift(`@${atRule.name} ${normalized(atRule.params)}`);
    } else if (parent.type === 'rule') chain.unshift(normalized((parent as Rule).selector));
  }
  return chain.join('{');
}

/**
 * The keys of one declaration: one per selector of its rule (a rule's selectors are kept or
 * dropped one by one), or one in its at-rule (`@property`, `@font-face`).
 */
function declarationKeys(declaration: Declaration): string[] {
  const text = `${declaration.prop}:${normalized(declaration.value)}${declaration.important ? '!important' : ''}`;
  const rule = declaration.parent;
  if (rule?.type !== 'rule') return [`${contextOf(declaration)}|${text}`];
  const context = contextOf(rule as Rule);
  return (rule as Rule).selectors.map((selector) => `${context}|${normalized(selector)}|${text}`);
}

/** An element of a parsed page. */
type PageElement = ReturnType<typeof DomUtils.findAll>[number];
const isInput =
  (...types: string[]) =>
  (element: PageElement) =>
    element.name === 'input' && types.includes(element.attribs.type ?? 'text');

/**
 * Pseudo-elements that Tailwind's base styles set on their own (`::placeholder{…}`), each with the
 * elements that can have it. Such a selector names no class, element or attribute, so a stylesheet
 * bringing it makes the browser restyle every element of the page. These rules are inlined in the
 * pages that have such an element (the placeholders of a form from the first paint), left out of
 * the others, and never deferred.
 */
const PSEUDO_ELEMENT_HOSTS: [RegExp, (element: PageElement) => boolean][] = [
  [/^::placeholder$/, (element) => 'placeholder' in element.attribs],
  [/^::backdrop$/, (element) => 'popover' in element.attribs || element.name === 'dialog'],
  [/^::file-selector-button$/, isInput('file')],
  [/^::-webkit-search-/, isInput('search')],
  [/^::-webkit-(date|calendar)/, isInput('date', 'time', 'datetime-local', 'month', 'week')],
  [/^::-webkit-(inner|outer)-spin-button$/, isInput('number')],
  [/^:host$/, (element) => element.name === 'template' && 'shadowrootmode' in element.attribs],
];

/** The rule, with only `selectors`, inside its enclosing at-rules, as CSS text. */
function inContext(rule: Rule, selectors: string[]): string {
  let css = rule.clone({ selectors }).toString();
  for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
    const atRule = parent as AtRule;
    css = `@${atRule.name} ${atRule.params}{${css}}`;
  }
  return css;
}

/**
 * Splits the rules of `stylesheet` that the page's inline CSS (`inline`, the text of its `<style>`
 * elements as Beasties wrote them) lacks, for the page `page`:
 * - `deferred`: what the deferred stylesheet brings. Enabling a stylesheet makes the browser
 *   restyle every element its rules match; the whole stylesheet repeats every inline rule, so
 *   enabling it restyled the whole page, a long task after the first paint on a slow phone. These
 *   rules match only what scripts create later (an island's messages, the toaster) and elements of
 *   other pages, so enabling them restyles next to nothing. A rule keeps the selectors whose
 *   declarations are not all inline, with the declarations one of them lacks, less the custom
 *   properties nothing reads; rules and at-rules left empty go.
 * - `inline`: the rules of a pseudo-element alone (`PSEUDO_ELEMENT_HOSTS`) that the page has an
 *   element for, to add to its inline CSS.
 * @param page the page's HTML
 */
export function missingRules(
  stylesheet: string,
  inline: readonly string[],
  page: string,
): { inline: string; deferred: string } {
  const present = new Set<string>();
  for (const css of inline)
    postcss.parse(css).walkDecls((declaration) => {
      for (const key of declarationKeys(declaration)) present.add(key);
    });
  const elements = DomUtils.findAll(() => true, parseDocument(page).children);
  const root = postcss.parse(stylesheet);
  const forPage: string[] = [];
  root.walkRules((rule) => {
    const hostOf = (selector: string) =>
      PSEUDO_ELEMENT_HOSTS.find(([pseudo]) => pseudo.test(selector))?.[1];
    const pseudo = rule.selectors.filter((selector) => hostOf(selector));
    if (pseudo.length > 0) {
      const needed = pseudo.filter((selector) => elements.some(hostOf(selector)!));
      if (needed.length > 0) forPage.push(inContext(rule, needed));
      if (pseudo.length === rule.selectors.length) {
        rule.remove();
        return;
      }
      rule.selectors = rule.selectors.filter((selector) => !hostOf(selector));
    }
    const declarations = rule.nodes.filter((node): node is Declaration => node.type === 'decl');
    if (declarations.length === 0) return;
    const lacking = declarations.map((declaration) =>
      declarationKeys(declaration).map((key) => !present.has(key)),
    );
    const selectors = rule.selectors.filter((_, index) => lacking.some((keys) => keys[index]));
    declarations.forEach((declaration, index) => {
      const kept = rule.selectors.some(
        (selector, at) => selectors.includes(selector) && lacking[index][at],
      );
      if (!kept) declaration.remove();
    });
    if (selectors.length > 0) rule.selectors = selectors;
  });
  // Custom properties nothing reads, in the stylesheet or the page: Tailwind sets some
  // (`--tw-font-weight`) that no rule reads, and setting them again on the page's elements would
  // restyle them for nothing.
  const read = new Set(
    Array.from(`${stylesheet}${page}`.matchAll(/var\(\s*(--[\w-]+)/g), (match) => match[1]),
  );
  root.walkDecls(/^--/, (declaration) => {
    if (!read.has(declaration.prop)) declaration.remove();
  });
  root.walkAtRules('property', (registration) => {
    if (!read.has(registration.params.trim())) registration.remove();
  });
  root.walkAtRules((atRule) => {
    atRule.walkDecls((declaration) => {
      if (
        declaration.parent === atRule &&
        declarationKeys(declaration).every((key) => present.has(key))
      )
        declaration.remove();
    });
  });
  // Empty blocks go, innermost first; a statement at-rule (`@layer a, b;`, no block) stays.
  const empty = (node: ChildNode): boolean =>
    'nodes' in node && node.nodes !== undefined && node.nodes.every(empty);
  root.walk((node) => {
    if (empty(node)) node.remove();
  });
  return { inline: forPage.join(''), deferred: root.nodes.length === 0 ? '' : root.toString() };
}

/** The page with a `<style>` of `css` at the end of its head. */
function withStyle(html: string, css: string): string {
  const document = parseDocument(html, { decodeEntities: false });
  const head = DomUtils.findOne((element) => element.name === 'head', document.children);
  if (!head) throw new Error('page CSS: a page has no <head>');
  const [style] = parseDocument(`<style>${css}</style>`, { decodeEntities: false }).children;
  DomUtils.appendChild(head, style as typeof head);
  return DomUtils.getOuterHTML(document, { decodeEntities: false });
}

/** The `href` of every stylesheet the head of `html` links. */
function linkedStylesheets(html: string): string[] {
  const document = parseDocument(html, { decodeEntities: false });
  return DomUtils.findAll(
    (element) => element.name === 'link' && element.attribs.rel === 'stylesheet',
    document.children,
  ).map((link) => link.attribs.href);
}

/**
 * The CSS step over the built pages.
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
  const beasties = new Beasties({
    path: dist,
    publicPath: '/',
    // The link is deferred below (`deferStylesheets`), not by Beasties: `preload: false`, which
    // Beasties' README documents (links left as they are) but its option type leaves out.
    preload: false as unknown as BeastiesOptions['preload'],
    // No font is preloaded (docs/decisions/look.md#display-font-bricolage-grotesque-font-display-optional): not by this step either.
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
    const critical = stylesInHead(await beasties.process(html));
    const inline = DomUtils.findAll(
      (element) => element.name === 'style',
      parseDocument(critical, { decodeEntities: false }).children,
    ).map((style) => DomUtils.textContent(style));
    const hrefs = linkedStylesheets(critical);
    const rules: { inline: string; deferred: string }[] = [];
    for (const href of hrefs)
      rules.push(missingRules(await beasties.readFile(join(dist, href)), inline, critical));
    const added = rules.map((rule) => rule.inline).join('');
    const lacking = rules.map((rule) => rule.deferred).join('');
    // One deferred stylesheet for all the linked ones, last in the head (`deferStylesheets`), named
    // by its content: pages that lack the same rules share one file, cached a year.
    const deferred = lacking
      ? `_astro/deferred.${createHash('sha256').update(lacking).digest('hex').slice(0, 10)}.css`
      : undefined;
    if (deferred) out.set(deferred, lacking);
    out.set(
      path,
      deferStylesheets(
        withoutUnreadCustomProperties(added ? withStyle(critical, added) : critical),
        (href) => (deferred && href === hrefs.at(-1) ? `/${deferred}` : undefined),
      ),
    );
  }
  if (stylesheets.size === 0 && out.size > 0)
    throw new Error(`page CSS: no stylesheet of ${join(dist, '_astro')} was read`);
  return out;
}
