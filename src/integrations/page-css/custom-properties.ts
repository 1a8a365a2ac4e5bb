// Custom properties nothing reads, dropped from a page's inline CSS (and, in
// src/integrations/page-css/missing-rules.ts, from its deferred stylesheet).
import { DomUtils } from 'htmlparser2';
import postcss, { type ChildNode } from 'postcss';
import { parsePage } from './head';

/** The custom properties `text` reads (`var(--name)`), CSS or HTML. */
export const readCustomProperties = (text: string): Set<string> =>
  new Set(Array.from(text.matchAll(/var\(\s*(--[\w-]+)/g), (match) => match[1]));

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
  const read = readCustomProperties(html);
  const document = parsePage(html);
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
