/**
 * The loader of every content collection: Astro's `glob()` with two steps added before an entry is
 * stored, so that pages only ever see finished content and a mistake stops the build before any page
 * renders:
 * 1. `{path}` placeholders are filled in the data (YAML, front matter) and in Markdown bodies
 *    (src/lib/placeholders.ts), from the settings and the data collections as they are on disk;
 *    and French typography is applied to every text (src/lib/typography.ts);
 * 2. the data is validated against the collection's zod schema with French messages
 *    (src/lib/content-errors.ts); a YAML syntax error is reported the same way.
 * Entries are cached by Astro between builds by the digest of their file: the digest also covers the
 * quotable facts, so changing a price refreshes every page that quotes it (and, in `astro dev`, every
 * collection is refreshed when a quoted file changes).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob } from 'astro/loaders';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';
import { ContentError, validateContent } from './content-errors';
import { contentFileData } from './content-files';
import {
  fillMarkdownPlaceholders,
  fillPlaceholders,
  placeholderSource,
  type PlaceholderSource,
} from './placeholders';
import { TYPOGRAPHY_RULES, frenchMarkdown, typesetData } from './typography';

const CONTENT_DIR = 'src/content';
const DATA_FILE = /\.(ya?ml|json)$/;
const MARKDOWN_FILE = /\.(md|mdx|markdoc)$/;

/** The data files of src/content, as [folder, file name] pairs. */
function dataFiles(base: string): [string, string][] {
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

/** Where content errors are sent in `astro dev` (see src/integrations/content-errors.ts). */
export interface ContentErrorSink {
  report(file: string, message: string): void;
  clear(file: string): void;
}
export const CONTENT_ERROR_SINK = Symbol.for('agence.content-error-sink');

function sink(): ContentErrorSink | undefined {
  return (globalThis as Record<symbol, ContentErrorSink | undefined>)[CONTENT_ERROR_SINK];
}

/** Runs `step` for `file`; a failure is reported to the dev overlay and rethrown, success clears it. */
async function guarded<T>(file: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const content =
      error instanceof ContentError
        ? error
        : new ContentError(file, [], `erreur inattendue : ${(error as Error).message}`);
    sink()?.report(file, content.message);
    throw content;
  }
}

/**
 * The YAML error in words: where it is (counted from the top of the file) and the usual fixes. Astro
 * reports js-yaml's position as `loc`: for a data file the line counts from 1, for a Markdown front
 * matter from 1 after the opening `---`; columns count from 0.
 */
function syntaxError(file: string, error: unknown): ContentError {
  const loc = (error as { loc?: { line?: number; column?: number } }).loc;
  const position =
    loc?.line !== undefined
      ? { line: loc.line + (MARKDOWN_FILE.test(file) ? 1 : 0), column: (loc.column ?? 0) + 1 }
      : undefined;
  const where = position ? ` (ligne ${position.line}, colonne ${position.column})` : '';
  return new ContentError(
    file,
    [],
    `le fichier ne peut pas être lu${where} : la mise en forme YAML est cassée. Vérifiez l’indentation (des espaces, jamais de tabulation, alignés comme les lignes voisines) et mettez entre guillemets un texte qui contient « : » ou commence par un caractère spécial`,
  );
}

/** Astro's parser of one file type, handed to glob() in the loader context (not in the public type). */
interface EntryType {
  getEntryInfo(params: {
    contents: string;
    fileUrl: URL;
  }): Promise<{ data: Record<string, unknown>; body?: string }>;
}
type EntryTypes = Map<string, EntryType>;

/**
 * A glob loader whose entries have their placeholders filled and are validated in French.
 * @example defineCollection({ loader: contentGlob({ pattern: '*.yaml', base: './src/content/jobs' }, jobSchema), schema: jobSchema })
 */
export function contentGlob(
  options: { pattern: string | string[]; base: string },
  schema: z.ZodType,
): Loader {
  const inner = glob(options);
  return {
    ...inner,
    name: 'content-glob',
    load: async (context) => {
      const root = fileURLToPath(context.config.root);
      const site = context.config.site ?? '';
      let source = readPlaceholderSource(root, site);
      let stamp = context.generateDigest(JSON.stringify(source) + TYPOGRAPHY_RULES);
      const fileOf = (path: string) =>
        relative(root, path.startsWith('file:') ? fileURLToPath(path) : path);

      const entryTypes: EntryTypes = new Map(
        [...(context as LoaderContext & { entryTypes: EntryTypes }).entryTypes].map(
          ([extension, entryType]) => [
            extension,
            {
              ...entryType,
              getEntryInfo: async (params: { contents: string; fileUrl: URL }) => {
                const file = fileOf(params.fileUrl.href);
                return guarded(file, async () => {
                  let info;
                  try {
                    info = await entryType.getEntryInfo(params);
                  } catch (error) {
                    throw syntaxError(file, error);
                  }
                  // Readable again: until its data fails validation below, the file has no error.
                  sink()?.clear(file);
                  const data = typesetData(fillPlaceholders(info.data, source, file));
                  const body =
                    typeof info.body === 'string' && MARKDOWN_FILE.test(file)
                      ? frenchMarkdown(fillMarkdownPlaceholders(info.body, source, file))
                      : info.body;
                  return { ...info, data, body };
                });
              },
            },
          ],
        ),
      );

      const contextWith = (watcher: LoaderContext['watcher']): LoaderContext => ({
        ...context,
        watcher,
        ...{ entryTypes },
        generateDigest: (data: Record<string, unknown> | string) =>
          context.generateDigest(typeof data === 'string' ? `${data}\u0000${stamp}` : data),
        parseData: async <T extends Record<string, unknown>>(
          entry: Parameters<LoaderContext['parseData']>[0] & { data: T },
        ): Promise<T> => {
          const file = fileOf(entry.filePath ?? entry.id);
          await guarded(file, () => validateContent(schema, entry.data, file));
          return context.parseData(entry);
        },
      });

      await inner.load(contextWith(context.watcher));

      // In `astro dev`: when a quoted fact changes in another file, refill this collection.
      context.watcher?.on('all', async (_event, path) => {
        if (!DATA_FILE.test(path) || !fileOf(path).startsWith(CONTENT_DIR)) return;
        const next = readPlaceholderSource(root, site);
        const nextStamp = context.generateDigest(JSON.stringify(next) + TYPOGRAPHY_RULES);
        if (nextStamp === stamp) return;
        [source, stamp] = [next, nextStamp];
        try {
          await inner.load(contextWith(undefined));
        } catch (error) {
          // The changed file's own error is already logged by glob(); others are news.
          if (!(error instanceof ContentError && path.endsWith(error.file)))
            context.logger.error((error as Error).message);
        }
      });
    },
  };
}

/**
 * The Markdown body of an MDX file with its placeholders filled: MDX reads `{…}` as code, so the
 * body is filled before MDX compiles it (the front matter is left to the loader). Quoted values are
 * escaped for MDX text.
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
