/**
 * The Vite plugin that fills the placeholders of MDX bodies: MDX reads `{…}` as code, so the body is
 * filled and typeset before MDX compiles it (the front matter is left to the loader).
 */
import { join, relative } from 'node:path';
import { CONTENT_DIR, dataFiles, readPlaceholderSource } from './facts';
import { fillMarkdownPlaceholders, type PlaceholderSource } from './placeholders';
import { frenchMarkdown } from './typography';

/**
 * The Markdown body of an MDX file with its placeholders filled, quoted values escaped for MDX text,
 * and French typography applied; the front matter as written.
 * @example fillMdxBody('---\ntitle: A\n---\nAppelez le {phone.display}', facts, 'x.mdx')
 */
export function fillMdxBody(source: string, facts: PlaceholderSource, file: string): string {
  const frontmatter = /^---\r?\n[\s\S]*?\r?\n---(?:\r?\n|$)/.exec(source)?.[0] ?? '';
  const body = frenchMarkdown(
    fillMarkdownPlaceholders(source.slice(frontmatter.length), facts, file),
  );
  return frontmatter + body;
}

/**
 * Vite plugin: fills the placeholders of the MDX files of src/content before MDX compiles them, and
 * recompiles them when a quoted fact changes.
 */
export function mdxPlaceholders(root: string, siteUrl = '') {
  return {
    name: 'content-mdx-placeholders',
    enforce: 'pre' as const,
    transform(this: { addWatchFile(file: string): void }, code: string, id: string) {
      const path = id.split('?')[0];
      const file = relative(root, path);
      if (!file.startsWith(CONTENT_DIR) || !path.endsWith('.mdx')) return undefined;
      const base = join(root, CONTENT_DIR);
      for (const [folder, name] of dataFiles(base)) this.addWatchFile(join(base, folder, name));
      return { code: fillMdxBody(code, readPlaceholderSource(root, siteUrl), file), map: null };
    },
  };
}
