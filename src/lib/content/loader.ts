/**
 * The loader of every content collection: Astro's `glob()` with two steps added before an entry is
 * stored, so that pages only ever see finished content and a mistake stops the build before any page
 * renders:
 * 1. `{path}` placeholders are filled in the data (YAML, front matter) and in Markdown bodies
 *    (src/lib/content/placeholders.ts), from the settings and the data collections as they are on disk;
 *    and French typography is applied to every text (src/lib/content/typography.ts);
 * 2. the data is validated against the collection's zod schema with French messages
 *    (src/lib/content/errors.ts); a YAML syntax error is reported the same way.
 * Entries are cached by Astro between builds by the digest of their file: the digest also covers the
 * quotable facts, so changing a price refreshes every page that quotes it (and, in `astro dev`, every
 * collection is refreshed when a quoted file changes).
 */
import {
  existsSync,
  globSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { glob } from 'astro/loaders';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';
import {
  ContentError,
  contentErrorLine,
  formatContentIssues,
  frenchErrorMap,
  validateContent,
} from './errors';
import { crossReferenceProblems, type BrokenEntry, type CheckedEntry } from './check';
import { contentFileData, leavesItsFolder } from './files';
import { textPhotoProblems } from './article-images';
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

/** Where content errors are sent in `astro dev` (see src/integrations/content-errors.mjs). */
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
  return syntaxErrorAt(
    file,
    loc?.line !== undefined
      ? { line: loc.line + (MARKDOWN_FILE.test(file) ? 1 : 0), column: (loc.column ?? 0) + 1 }
      : undefined,
  );
}

/** The YAML error in words, at a position counted from 1 from the top of the file. */
function syntaxErrorAt(file: string, position?: { line: number; column: number }): ContentError {
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

/** Every collection made by {@link contentGlob}: what the whole-content check reads. */
const REGISTRY: {
  collection: string;
  base: string;
  pattern: string | string[];
  schema: z.ZodType;
}[] = [];

/** The photos (`{ src, alt, decorative }`, src/schemas/fields.ts) in validated data, with their field. */
function missingPhotos(
  value: unknown,
  path: PropertyKey[],
): { path: PropertyKey[]; src: string }[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => missingPhotos(item, [...path, index]));
  if (!value || typeof value !== 'object' || value instanceof Date) return [];
  const record = value as Record<string, unknown>;
  if (typeof record.src === 'string' && 'alt' in record && 'decorative' in record)
    return [{ path, src: record.src.replace(/^\.\//, '') }];
  return Object.entries(record).flatMap(([key, item]) => missingPhotos(item, [...path, key]));
}

/**
 * The validation of one file as the loader does it: its entry, or its error lines and what could be
 * read of it (for the checks across files).
 */
async function checkFile(
  root: string,
  file: string,
  schema: z.ZodType,
  source: PlaceholderSource,
  entryTypes: EntryTypes,
): Promise<{ lines: string[]; broken: BrokenEntry } | { entry: CheckedEntry }> {
  const idOf = (data: unknown) => {
    const slug = (data as { slug?: unknown } | undefined)?.slug;
    return typeof slug === 'string' ? slug : basename(file).replace(/\.[^.]+$/, '');
  };
  let read: unknown;
  const failed = (lines: string[]) => ({ lines, broken: { id: idOf(read), file, data: read } });
  try {
    const text = readFileSync(join(root, file), 'utf8');
    // Astro's own parser of the file type, so a YAML error names the same position as the load.
    const entryType = entryTypes.get(extname(file));
    let info: { data: unknown; body?: string };
    try {
      info = entryType
        ? await entryType.getEntryInfo({ contents: text, fileUrl: pathToFileURL(join(root, file)) })
        : { data: contentFileData(file, text) };
    } catch (error) {
      throw syntaxError(file, error);
    }
    read = info.data ?? {};
    const data = typesetData(fillPlaceholders(info.data ?? {}, source, file)) as Record<
      string,
      unknown
    >;
    if (MARKDOWN_FILE.test(file) && typeof info.body === 'string')
      fillMarkdownPlaceholders(info.body, source, file);
    const result = schema.safeParse(data, { error: frenchErrorMap });
    read = data;
    if (!result.success) return failed(formatContentIssues(file, result.error.issues));
    // A photo's file sits beside the content file, or in a folder under it (src/lib/content/photos.ts).
    const photoExists = (src: string) => existsSync(join(root, dirname(file), src));
    const photoLines = missingPhotos(result.data, []).flatMap(({ path, src }) =>
      leavesItsFolder(src)
        ? [
            contentErrorLine(
              file,
              [...path, 'src'],
              `la photo « ${src} » est prise dans un autre dossier : une photo se place à côté de son fichier de contenu, dans ${dirname(file)}/. Copiez-y le fichier (ou envoyez-le par le bouton de l’éditeur) et écrivez seulement son nom : « ${basename(src)} »`,
            ),
          ]
        : photoExists(src)
          ? []
          : [
              contentErrorLine(
                file,
                [...path, 'src'],
                `la photo « ${src} » est introuvable dans ${dirname(file)}/. Déposez le fichier à côté de ce fichier de contenu (ou par le bouton d’envoi de l’éditeur), ou corrigez son nom (majuscules comprises)`,
              ),
            ],
    );
    if (MARKDOWN_FILE.test(file) && typeof info.body === 'string')
      photoLines.push(...textPhotoProblems(file, info.body, photoExists));
    if (photoLines.length) return failed(photoLines);
    return { entry: { id: idOf(data), file, data: result.data as Record<string, any> } };
  } catch (error) {
    if (error instanceof ContentError) return failed(error.message.split('\n'));
    return failed([`${file} : erreur inattendue : ${(error as Error).message}`]);
  }
}

let checked: { key: string; lines: Map<string, string[]> } | undefined;

/**
 * Every problem of the content at once, by file, in one pass: each file of each collection validated
 * as the loader does (schema, placeholders, photos), and the references between files
 * (src/lib/content/check.ts), broken files counting as what others point at. Read again only when a
 * file changed.
 */
export async function checkAllContent(
  root: string,
  siteUrl: string,
  entryTypes: EntryTypes,
): Promise<Map<string, string[]>> {
  const files = REGISTRY.flatMap((collection) => {
    const base = resolve(root, collection.base);
    return globSync(collection.pattern, { cwd: base }).map((name) => ({
      collection,
      file: relative(root, join(base, name)),
    }));
  });
  const key = files
    .map(({ file }) => {
      const { mtimeMs, size } = statSync(join(root, file));
      return `${file}:${mtimeMs}:${size}`;
    })
    .join('|');
  if (checked?.key === key) return checked.lines;
  const source = readPlaceholderSource(root, siteUrl);
  const lines = new Map<string, string[]>();
  const entries: Record<string, CheckedEntry[]> = {};
  const broken: Record<string, BrokenEntry[]> = {};
  for (const { collection, file } of files) {
    const result = await checkFile(root, file, collection.schema, source, entryTypes);
    if ('lines' in result) {
      lines.set(file, result.lines);
      (broken[collection.collection] ??= []).push(result.broken);
    } else (entries[collection.collection] ??= []).push(result.entry);
  }
  for (const line of crossReferenceProblems(entries, broken)) {
    const file = line.split(/ — | : /)[0];
    lines.set(file, [...(lines.get(file) ?? []), line]);
  }
  checked = { key, lines };
  return lines;
}

let reported = new Set<string>();

/**
 * Sends the whole-content check to the dev overlay (broken files shown, fixed ones cleared) and, when
 * CONTENT_ERROR_REPORT names a file, writes every line there as JSON (`[]` when all is valid): CI
 * lists them in French in the job summary and the commit status (scripts/lib/publish-status.mjs).
 */
function reportAll(lines: Map<string, string[]>) {
  const report = process.env.CONTENT_ERROR_REPORT;
  if (report) {
    const all = [...lines.keys()].sort().flatMap((file) => lines.get(file)!);
    mkdirSync(dirname(report), { recursive: true });
    writeFileSync(report, `${JSON.stringify(all, null, 2)}\n`);
  }
  for (const file of reported) if (!lines.has(file)) sink()?.clear(file);
  for (const [file, fileLines] of lines) sink()?.report(file, fileLines.join('\n'));
  reported = new Set(lines.keys());
}

/**
 * The error of a failed load with every other broken file: the failing file keeps the parser's own
 * message (its exact position), the others come from {@link checkAllContent}.
 */
function everyProblem(failure: unknown, lines: Map<string, string[]>): ContentError | undefined {
  const all = new Map(lines);
  if (failure instanceof ContentError) all.set(failure.file, failure.message.split('\n'));
  else if (failure) throw failure;
  if (!all.size) return undefined;
  const files = [...all.keys()].sort();
  return new ContentError(
    files[0],
    files.flatMap((file) => all.get(file)!),
  );
}

/**
 * A glob loader whose entries have their placeholders filled and are validated in French.
 * @example defineCollection({ loader: contentGlob({ pattern: '*.yaml', base: './src/content/jobs' }, jobSchema), schema: jobSchema })
 */
export function contentGlob(
  options: { pattern: string | string[]; base: string; collection?: string },
  schema: z.ZodType,
): Loader {
  const inner = glob({ pattern: options.pattern, base: options.base });
  REGISTRY.push({
    collection: options.collection ?? basename(options.base),
    base: options.base,
    pattern: options.pattern,
    schema,
  });
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

      const rawEntryTypes = (context as LoaderContext & { entryTypes: EntryTypes }).entryTypes;
      const entryTypes: EntryTypes = new Map(
        [...rawEntryTypes].map(([extension, entryType]) => [
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
        ]),
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

      // Every broken file of every collection is reported at once, whichever collection fails.
      let failure: unknown;
      try {
        await inner.load(contextWith(context.watcher));
      } catch (error) {
        failure = error;
      }
      const lines = await checkAllContent(root, site, rawEntryTypes);
      reportAll(lines);
      const problem = everyProblem(failure, lines);
      if (problem) throw problem;

      // In `astro dev`: when a quoted fact changes in another file, refill this collection.
      context.watcher?.on('all', async (_event, path) => {
        if (fileOf(path).startsWith(CONTENT_DIR))
          reportAll(await checkAllContent(root, site, rawEntryTypes));
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
