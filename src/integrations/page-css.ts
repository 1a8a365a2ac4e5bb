/**
 * Build step: gives every built page only the CSS it can use, so HTML with its inlined stylesheet fits
 * the first network round trip (issue 10). Astro inlines the whole Tailwind stylesheet (every class of
 * every page) into each page; this step compiles the stylesheet again per page with Tailwind itself,
 * from the class candidates Tailwind's own scanner finds in
 *   - the page's HTML (markup and inline scripts), and
 *   - every script chunk the page may load: its islands and renderers and all they import, statically
 *     or dynamically (classes an island adds at run time, the lazily loaded Toaster…).
 * The stylesheet's own rules (components: `[data-nav-solid]`, `:popover-open`, reveal states) stay
 * unless they name a class the page's contents never mention (`.prose-legal` off the legal pages and
 * articles); unused utilities and theme variables go. In the base layer
 * (Tailwind's preflight), a selector is dropped only when it names nothing but an element the page
 * never has (`table`, `hr`, `textarea`…), and form-control pseudo-elements (`::placeholder`,
 * `::-webkit-datetime-edit`…) only when the page can have no form control.
 * Tailwind's `@property` registrations (inherits: false, an initial value) become its own fallback
 * for browsers without `@property`, applied everywhere: the same initial values set on every element,
 * so nothing inherits them either; custom properties it declares but nothing reads go.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { __unstable__loadDesignSystem, compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import postcss from 'postcss';
import type { AstroIntegration } from 'astro';

/** The inlined Tailwind stylesheet (Tailwind keeps its license comment through minification). */
const TAILWIND_STYLE = /<style>(\/\*! tailwindcss[\s\S]*?)<\/style>/g;
/** Astro's own small style elements (island wrappers, font faces): merged into the page's one. */
const OTHER_STYLE = /<style>(?!\/\*! tailwindcss)([^<]*)<\/style>/g;
/** Script URLs a page references: islands, renderers, module scripts. */
const PAGE_SCRIPT =
  /\s(?:component-url|renderer-url|before-hydration-url|src)="(\/[^"]+\.m?js)"|import\(\s*["'`](\/[^"'`]+\.m?js)["'`]/g;
/**
 * The UI framework's renderer (React DOM) and what it imports: it names every HTML element and many
 * words that look like utilities, but draws only what the islands ask for, so it is not scanned.
 */
const RENDERER = /\srenderer-url="(\/[^"]+\.m?js)"/g;
/** Imports inside a chunk, static or dynamic, relative or absolute. */
const CHUNK_IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)["'`]([^"'`]+\.m?js)["'`]/g;

/** A selector that is one element name, optionally with pseudo-elements/classes without arguments. */
const ELEMENT_ONLY = /^([a-z][a-z0-9]*)(?:::?[a-z-]+)*$/;
/** Pseudo-elements that exist only on form controls. */
const FORM_CONTROL_PART = /^::(?:placeholder|file-selector-button|-webkit-[a-z-]+)$/;
const FORM_CONTROLS = ['input', 'select', 'textarea'];

/** Keeps the rule's selectors that pass `keep`; a rule with none left goes. */
function keepSelectors(rule: postcss.Rule, keep: (selector: string) => boolean): void {
  const kept = rule.selectors.filter(keep);
  if (kept.length === 0) rule.remove();
  else if (kept.length < rule.selectors.length) rule.selectors = kept;
}

/** Removes the at-rules of `layer` left empty, innermost first (so their parents may go too). */
function removeEmptyAtRules(layer: postcss.AtRule): void {
  const empty: postcss.AtRule[] = [];
  layer.walkAtRules((atRule) => void empty.unshift(atRule));
  for (const atRule of empty) if (atRule.nodes?.length === 0) atRule.remove();
}

/**
 * The element names a page can contain: tags in its HTML and quoted names in its scripts (React's
 * `jsx("input", …)`), an over-estimate by design.
 */
export function elementNames(contents: { content: string; extension: string }[]): Set<string> {
  const names = new Set<string>();
  for (const { content, extension } of contents) {
    const pattern = extension === 'html' ? /<([a-z][a-z0-9]*)/g : /["'`]([a-z][a-z0-9]*)["'`]/g;
    for (const match of content.matchAll(pattern)) names.add(match[1]);
  }
  return names;
}

/**
 * Drops from the base layer the selectors that cannot match on a page (see the module comment).
 * @param css the page's compiled stylesheet
 * @param present the element names the page can contain
 */
export function pruneBase(css: string, present: Set<string>): string {
  const root = postcss.parse(css);
  const hasFormControl = FORM_CONTROLS.some((name) => present.has(name));
  const needed = (selector: string) => {
    // `:host` matches only in a shadow tree's own stylesheet, never in the page's.
    if (selector === ':host') return false;
    const element = ELEMENT_ONLY.exec(selector)?.[1];
    if (element) return present.has(element);
    return hasFormControl || !FORM_CONTROL_PART.test(selector);
  };
  root.walkAtRules('layer', (layer) => {
    if (layer.params === 'theme')
      layer.walkRules((rule) => {
        if (rule.selectors.includes(':host'))
          rule.selectors = rule.selectors.filter((selector) => selector !== ':host');
      });
    if (layer.params !== 'base') return;
    layer.walkRules((rule) => {
      if (rule.parent?.type === 'atrule' && (rule.parent as postcss.AtRule).name === 'keyframes')
        return;
      // Lightning CSS repeats some prefixed declarations (`-webkit-text-decoration` ×3 on `a`).
      const seen = new Set<string>();
      rule.each((node) => {
        if (node.type !== 'decl') return;
        const key = `${node.prop}:${node.value}${node.important ? '!' : ''}`;
        if (seen.has(key)) node.remove();
        seen.add(key);
      });
      keepSelectors(rule, needed);
    });
    removeEmptyAtRules(layer);
  });
  return root.toString();
}

/**
 * The names among `names` that a page's contents spell as a whole word (a class name in its markup
 * or in a script's string): the component classes the page can carry.
 */
export function mentionedNames(contents: { content: string }[], names: string[]): string[] {
  return names.filter((name) => {
    const word = new RegExp(`(?<![\\w-])${name.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`);
    return contents.some(({ content }) => word.test(content));
  });
}

/** The class names a selector requires (every one must be on the page for it to match). */
const selectorClasses = (selector: string) =>
  [...selector.matchAll(/\.((?:\\.|[\w-])+)/g)].map((match) => match[1].replace(/\\/g, ''));

/** The class names the components layer of a stylesheet uses. */
export function componentClasses(css: string): string[] {
  const names = new Set<string>();
  postcss.parse(css).walkAtRules('layer', (layer) => {
    if (layer.params === 'components')
      layer.walkRules((rule) =>
        rule.selectors.forEach((selector) =>
          selectorClasses(selector).forEach((n) => names.add(n)),
        ),
      );
  });
  return [...names].sort();
}

/**
 * Drops the components layer's selectors that name a class outside `present`.
 * @param css the page's compiled stylesheet
 * @param present the class names the page can carry (see `mentionedNames`)
 */
export function pruneComponents(css: string, present: Set<string>): string {
  const root = postcss.parse(css);
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'components') return;
    layer.walkRules((rule) => {
      keepSelectors(rule, (selector) =>
        selectorClasses(selector).every((name) => present.has(name)),
      );
    });
    removeEmptyAtRules(layer);
  });
  return root.toString();
}

/**
 * Replaces Tailwind's `@property` registrations with the fallback it ships for browsers without
 * them (`@layer properties { @supports (…) { *, :before, :after, ::backdrop { --tw-…: initial } } }`),
 * made unconditional: every element gets the initial values, so nothing inherits them, as with
 * `inherits: false`. Tailwind custom properties that are declared but never read go as well.
 * @param css a compiled, minified stylesheet
 */
export function unregisterProperties(css: string): string {
  const root = postcss.parse(css);
  root.walkAtRules('property', (rule) => void rule.remove());
  root.walkAtRules('layer', (layer) => {
    if (layer.params !== 'properties') return;
    layer.walkAtRules('supports', (supports) => void supports.replaceWith(supports.nodes ?? []));
  });
  const read = new Set([...css.matchAll(/var\((--tw-[\w-]+)/g)].map((match) => match[1]));
  root.walkDecls(/^--tw-/, (decl) => {
    if (!read.has(decl.prop)) decl.remove();
  });
  return root.toString();
}

/**
 * The URLs of every script a page may load, from the page's references through all imports.
 * @param html the built page
 * @param readChunk reads a chunk by its URL path (e.g. `/_astro/x.js`)
 */
export async function reachableScripts(
  html: string,
  readChunk: (url: string) => Promise<string>,
  references: RegExp = PAGE_SCRIPT,
): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const visit = async (url: string) => {
    if (seen.has(url)) return;
    const source = await readChunk(url);
    seen.set(url, source);
    for (const match of source.matchAll(CHUNK_IMPORT))
      await visit(new URL(match[1], `http://site${url}`).pathname);
  };
  for (const match of html.matchAll(references)) await visit(match[1] ?? match[2]);
  return seen;
}

/**
 * Builds the CSS each page needs from the project stylesheet and the page's contents. Pages with the
 * same set of utilities (most blog posts) share one compilation.
 * @param stylesheet source of the Tailwind entry stylesheet
 * @param base folder of that stylesheet (for its imports)
 * @returns a function from a page's contents (HTML and scripts, with their extensions) to its CSS
 */
export async function pageStylesheets(stylesheet: string, base: string) {
  const design = await __unstable__loadDesignSystem(stylesheet, { base });
  const isUtility = new Map<string, boolean>();
  const built = new Map<string, Promise<{ css: string; classes: string[] }>>();
  const final = new Map<string, string>();
  return async (contents: { content: string; extension: string }[]): Promise<string> => {
    const candidates = new Scanner({ sources: [] }).scanFiles(contents);
    const unknown = candidates.filter((candidate) => !isUtility.has(candidate));
    design
      .candidatesToCss(unknown)
      .forEach((css, index) => isUtility.set(unknown[index], css !== null));
    const utilities = candidates.filter((candidate) => isUtility.get(candidate)).sort();
    const present = elementNames(contents);
    const key = `${utilities.join(' ')}\0${[...present].sort().join(' ')}`;
    if (!built.has(key))
      built.set(
        key,
        // A compiler remembers every candidate it has built: a new one per set of utilities.
        compile(stylesheet, { base, onDependency: () => {} }).then((compiler) => {
          const css = pruneBase(
            optimize(compiler.build(utilities), { minify: true }).code,
            present,
          );
          return { css: unregisterProperties(css), classes: componentClasses(css) };
        }),
      );
    const { css, classes } = await built.get(key)!;
    const kept = mentionedNames(contents, classes);
    const pruned = `${key}\0${kept.join(' ')}`;
    if (!final.has(pruned)) final.set(pruned, pruneComponents(css, new Set(kept)).trim());
    return final.get(pruned)!;
  };
}

/**
 * @param options.stylesheet the Tailwind entry stylesheet, relative to the project root
 * @returns {AstroIntegration}
 */
export default function pageCss({ stylesheet }: { stylesheet: string }): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'page-css',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = Date.now();
        const out = fileURLToPath(dir);
        const entry = resolve(root, stylesheet);
        const stylesheetOf = await pageStylesheets(await readFile(entry, 'utf8'), dirname(entry));
        const chunks = new Map<string, Promise<string>>();
        const readChunk = (url: string) => {
          if (!chunks.has(url)) chunks.set(url, readFile(join(out, url), 'utf8'));
          return chunks.get(url)!;
        };
        const pages = (await readdir(out, { recursive: true, withFileTypes: true })).filter(
          (file) => file.isFile() && file.name.endsWith('.html'),
        );
        let before = 0;
        let after = 0;
        for (const file of pages) {
          const path = join(file.parentPath, file.name);
          const html = await readFile(path, 'utf8');
          const styles = [...html.matchAll(TAILWIND_STYLE)];
          // Pages that do not use the site's stylesheet (the CMS's /admin) are left as they are.
          if (styles.length === 0) continue;
          if (styles.length > 1)
            throw new Error(
              `${path}: expected one inlined Tailwind <style>, found ${styles.length} (build.inlineStylesheets must be 'always').`,
            );
          const markup = html.replace(TAILWIND_STYLE, '');
          const scripts = await reachableScripts(markup, readChunk);
          const framework = await reachableScripts(markup, readChunk, RENDERER);
          const asContent = (extension: string) => (content: string) => ({ content, extension });
          const page = asContent('html')(markup);
          const css = await stylesheetOf([
            page,
            ...[...scripts]
              .filter(([url]) => !framework.has(url))
              .map(([, c]) => asContent('js')(c)),
          ]);
          before += styles[0][1].length;
          after += css.length;
          // One <style> per page: the others' rules (unlayered, so order does not matter) after ours.
          const others = [...html.matchAll(OTHER_STYLE)].map((match) => match[1]).join('');
          await writeFile(
            path,
            html
              .replace(OTHER_STYLE, '')
              .replace(TAILWIND_STYLE, () => `<style>${css}${others}</style>`),
          );
        }
        logger.info(
          `${pages.length} pages: inlined CSS ${Math.round(before / pages.length / 1024)} → ${Math.round(after / pages.length / 1024)} KB per page on average (raw) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
      },
    },
  };
}
