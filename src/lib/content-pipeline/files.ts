/** Reading content files as the glob loader does: YAML/JSON data, or the frontmatter of Markdown. */
import { parse } from 'yaml';

/**
 * The data of a content file: the whole YAML/JSON document, or the YAML frontmatter of a `.md`/`.mdx`
 * file (an absent frontmatter gives `{}`). Throws with the file name when the YAML does not parse.
 */
export function contentFileData(file: string, source: string): unknown {
  try {
    if (/\.(md|mdx|markdoc)$/.test(file)) {
      const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(source.replace(/^\uFEFF/, ''));
      return match ? (parse(match[1]) ?? {}) : {};
    }
    if (file.endsWith('.json')) return JSON.parse(source);
    return parse(source);
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/**
 * Whether a photo's file name leaves the folder of its content file (`../pages/a.jpg`, `/a.jpg`): a
 * photo sits beside its content file or in a folder under it, where the image pipeline finds it
 * (src/lib/content/photos.ts) and the editor puts it.
 * @example leavesItsFolder('../pages/atelier.jpg') === true; leavesItsFolder('photos/quai.jpg') === false
 */
export function leavesItsFolder(src: string): boolean {
  return src.startsWith('/') || src.split(/[\\/]/).includes('..');
}
