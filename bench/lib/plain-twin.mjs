// A route's plain twin, the floor its main-thread work is read against (`npm run bench`): the same
// built document, every element, text, inline SVG and image kept, with no author CSS (no `<style>`,
// no stylesheet link, no `class` or `style` attribute), no web font and no script. It costs what
// the browser's own stylesheet costs for that content; what the route costs beyond it is what the
// design adds. Written beside the built site and served by the same host, like the bare page.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';

/** Folder of the twins on the served site (a name no page of the site uses). */
export const TWIN_PREFIX = '/bench-twin';

/** The twin's route of `route`. */
export const twinRoute = (route) => `${TWIN_PREFIX}${route === '/' ? '/accueil' : route}`;

/** Elements that bring author CSS, a web font or a script, removed with their content. */
const dropped = (element) =>
  element.name === 'style' ||
  element.name === 'script' ||
  (element.name === 'link' && /\b(stylesheet|preload|modulepreload)\b/.test(element.attribs.rel));

/**
 * The plain twin of a built page's `html`.
 * @param {string} html
 */
export function plainTwinHtml(html) {
  const document = parseDocument(html);
  for (const element of DomUtils.findAll(dropped, document.children))
    DomUtils.removeElement(element);
  for (const element of DomUtils.findAll(() => true, document.children)) {
    delete element.attribs.class;
    delete element.attribs.style;
  }
  return DomUtils.getOuterHTML(document, { encodeEntities: 'utf8' });
}

/**
 * Writes the plain twins of `routes` (read from `dir`, the built site) into `dir`; returns a
 * function that removes them.
 * @param {string} dir
 * @param {string[]} routes
 * @param {(route: string) => string | undefined} fileOf the built file of a route
 */
export function writePlainTwins(dir, routes, fileOf) {
  for (const route of routes) {
    const page = fileOf(route);
    if (!page) throw new Error(`plain twin: no built file for ${route} in ${dir}`);
    const file = join(dir, `${twinRoute(route).slice(1)}.html`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, plainTwinHtml(readFileSync(page, 'utf8')));
  }
  return () => rmSync(join(dir, TWIN_PREFIX.slice(1)), { recursive: true, force: true });
}
