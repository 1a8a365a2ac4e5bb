// The rules of the site's stylesheet a page's inline CSS lacks: its deferred stylesheet, and the
// pseudo-element rules its inline CSS must add (src/integrations/page-css.ts).
import { DomUtils, parseDocument } from 'htmlparser2';
import postcss, {
  type AtRule,
  type ChildNode,
  type Declaration,
  type Root,
  type Rule,
} from 'postcss';
import { readCustomProperties } from './custom-properties';

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
 * Takes the selectors of a pseudo-element alone (`PSEUDO_ELEMENT_HOSTS`) out of `rule`, adding to
 * `forPage` those the page has an element for. True when that removed the whole rule.
 */
function takePseudoElements(rule: Rule, elements: PageElement[], forPage: string[]): boolean {
  const hostOf = (selector: string) =>
    PSEUDO_ELEMENT_HOSTS.find(([pseudo]) => pseudo.test(selector))?.[1];
  const pseudo = rule.selectors.filter((selector) => hostOf(selector));
  if (pseudo.length === 0) return false;
  const needed = pseudo.filter((selector) => elements.some(hostOf(selector)!));
  if (needed.length > 0) forPage.push(inContext(rule, needed));
  if (pseudo.length === rule.selectors.length) {
    rule.remove();
    return true;
  }
  rule.selectors = rule.selectors.filter((selector) => !hostOf(selector));
  return false;
}

/**
 * Keeps in `rule` the selectors whose declarations are not all `present` (inline), with the
 * declarations one of them lacks.
 */
function keepLacking(rule: Rule, present: ReadonlySet<string>): void {
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
}

/**
 * Drops what the deferred stylesheet need not bring: custom properties nothing `read`s (Tailwind
 * sets some, `--tw-font-weight`, that no rule reads, and setting them again on the page's elements
 * would restyle them for nothing), at-rule declarations already `present`, then the blocks left
 * empty, innermost first (a statement at-rule, `@layer a, b;`, has no block and stays).
 */
function prune(root: Root, read: ReadonlySet<string>, present: ReadonlySet<string>): void {
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
  const empty = (node: ChildNode): boolean =>
    'nodes' in node && node.nodes !== undefined && node.nodes.every(empty);
  root.walk((node) => {
    if (empty(node)) node.remove();
  });
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
    if (!takePseudoElements(rule, elements, forPage)) keepLacking(rule, present);
  });
  // Custom properties read in the stylesheet or the page.
  prune(root, readCustomProperties(`${stylesheet}${page}`), present);
  return { inline: forPage.join(''), deferred: root.nodes.length === 0 ? '' : root.toString() };
}
