// The floor of the benchmark: a bare page (one h1, one paragraph, system font, no script, no image,
// about 1.6 KB) written beside the built site and served by the same server with the same headers, so
// each route's LCP can be read as a ratio to it, measured in the same interleaved rounds.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Its route on the served site (a name no page of the site uses). */
export const BARE_ROUTE = '/bench-bare-page';
/** A second bare page, which the first links to in its footer: the floor of the next-page measurement. */
export const BARE_NEXT_ROUTE = '/bench-bare-page-next';

const PARAGRAPH =
  'Cette page sert de plancher au banc de mesure : un titre, un paragraphe, la police du système, ni script, ni image, ni feuille de style externe. Chaque page du site est mesurée dans les mêmes tours que celle-ci, et son LCP est donné en multiple du sien. ';

/**
 * The page's HTML (about 1.7 KB), with a footer link to `next`.
 * @param {string} next
 */
export function barePageHtml(next) {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page nue — plancher du banc de mesure</title>
<meta name="description" content="Un titre et un paragraphe en police système : la référence des mesures Lighthouse du site.">
<style>body{margin:0 auto;max-width:40rem;padding:1.5rem;font-family:system-ui,sans-serif;line-height:1.6;color:#0f172a}h1{font-size:2.25rem;line-height:1.1}</style>
</head>
<body>
<h1>Une page nue, le plancher de la mesure</h1>
<p>${PARAGRAPH.repeat(4).trim()}</p>
<footer><a href="${next}">Page nue suivante</a></footer>
</body>
</html>
`;
}

/**
 * Writes the two bare pages, each linking to the other, into the served folder; returns a function
 * that removes them.
 * @param {string} dir the built site's folder (dist)
 */
export function writeBarePage(dir) {
  const pages = [
    [BARE_ROUTE, BARE_NEXT_ROUTE],
    [BARE_NEXT_ROUTE, BARE_ROUTE],
  ].map(([route, next]) => {
    const file = join(dir, `${route.slice(1)}.html`);
    writeFileSync(file, barePageHtml(next));
    return file;
  });
  return () => pages.forEach((file) => rmSync(file, { force: true }));
}
