/**
 * The facts `{path}` placeholders quote (src/lib/content-pipeline/placeholders.ts), read from the data files of
 * src/content as they are on disk, and read again only when one of them changed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { contentFileData } from './files';
import { placeholderSource, type PlaceholderSource } from './placeholders';

export const CONTENT_DIR = 'src/content';
export const DATA_FILE = /\.(ya?ml|json)$/;

/** The data files of src/content, as [folder, file name] pairs. */
export function dataFiles(base: string): [string, string][] {
  return readdirSync(base, { withFileTypes: true })
    .filter((folder) => folder.isDirectory())
    .flatMap((folder) =>
      readdirSync(join(base, folder.name))
        .filter((name) => DATA_FILE.test(name))
        .map((name): [string, string] => [folder.name, name]),
    );
}

let cache: { key: string; source: PlaceholderSource } | undefined;

/**
 * The facts placeholders may quote, read from disk: `src/content/settings/site.yaml` at the top level,
 * every other YAML/JSON entry under `<folder>.<file name>`. Read again only when a file changed (every
 * collection asks for it at each load).
 */
export function readPlaceholderSource(root: string, siteUrl = ''): PlaceholderSource {
  const base = join(root, CONTENT_DIR);
  const files = dataFiles(base);
  const key = [
    root,
    siteUrl,
    ...files.map(([folder, name]) => {
      const { mtimeMs, size } = statSync(join(base, folder, name));
      return `${folder}/${name}:${mtimeMs}:${size}`;
    }),
  ].join('|');
  if (cache?.key === key) return cache.source;
  const entries: Record<string, Record<string, unknown>> = {};
  let settings: Record<string, unknown> = {};
  for (const [folder, name] of files) {
    const file = join(CONTENT_DIR, folder, name);
    let data: unknown;
    try {
      data = contentFileData(file, readFileSync(join(root, file), 'utf8'));
    } catch {
      continue; // the file's own collection reports its YAML error
    }
    const id = name.replace(DATA_FILE, '');
    if (folder === 'settings' && id === 'site') settings = data as Record<string, unknown>;
    else (entries[folder] ??= {})[id] = data;
  }
  cache = { key, source: placeholderSource(settings, siteUrl, entries) };
  return cache.source;
}
