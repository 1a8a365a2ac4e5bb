/**
 * Post-build step (src/integrations/post-build.ts): the site's search index, written by Pagefind
 * under `/pagefind/`. It indexes every page a search engine may index: pages marked `noindex` (the
 * search page /recherche, the forms' result pages), the 404 and the editor under admin/ are left
 * out, so the index lists the pages of the sitemap. Only the page's own content counts: the
 * navigation bar, the footer and the notice region, the same on every page, are not indexed. The
 * language is the page's `<html lang="fr">`: Pagefind reduces French words to their stem
 * (« chatbots » → « chatbot », « automatiser » and « automatisation » → « automatis »).
 */
import { createIndex, close } from 'pagefind';
import { normalizePath } from '../lib/seo/seo';

/** Where the index is written, under dist/ (the search script imports `pagefind.js` from there). */
export const SEARCH_INDEX_DIR = 'pagefind';

/**
 * Pagefind's ready-made interfaces, its worker (the search runs on the main thread,
 * src/lib/search/ui.ts) and the index for pages of no language: the site uses none of them.
 */
const UNUSED = /^(pagefind-(ui|modular-ui|component-ui|highlight|worker)\.|wasm\.unknown\.)/;

/** Parts of every page that are not its content. */
const NOT_CONTENT = ['header.site-header', 'footer', '[aria-live]'];

/** Whether a built page belongs in the index: public (not admin/), not the 404, not `noindex`. */
export function searchable(file: string, html: string): boolean {
  return (
    !file.startsWith('admin/') &&
    file !== '404.html' &&
    !/<meta name="robots" content="[^"]*noindex/.test(html)
  );
}

/**
 * Indexes the searchable pages.
 * @returns the index files, by path under dist/
 */
export async function searchIndex(
  pages: ReadonlyMap<string, string>,
): Promise<Map<string, Uint8Array>> {
  const { index, errors } = await createIndex({ excludeSelectors: NOT_CONTENT });
  if (!index) throw new Error(`search index: ${errors.join('; ')}`);
  try {
    for (const [file, html] of pages) {
      if (!searchable(file, html)) continue;
      const added = await index.addHTMLFile({ url: normalizePath(`/${file}`), content: html });
      if (added.errors.length) throw new Error(`search index: ${file}: ${added.errors.join('; ')}`);
    }
    const { files, errors: failed } = await index.getFiles();
    if (failed.length) throw new Error(`search index: ${failed.join('; ')}`);
    return new Map(
      files
        .filter((file) => !UNUSED.test(file.path))
        .map((file) => [`${SEARCH_INDEX_DIR}/${file.path}`, file.content]),
    );
  } finally {
    await close();
  }
}
