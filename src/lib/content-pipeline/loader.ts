/**
 * The loader of every content collection: Astro's `glob()` storing each entry prepared
 * (src/lib/content-pipeline/prepare.ts), and failing with every problem of the content at once (check-all.ts).
 */
import { basename, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { glob } from 'astro/loaders';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { z } from 'astro/zod';
import { ContentError } from './errors';
import { checkAllContent, everyProblem, registerCollection } from './check-all';
import { guarded, overlaySink, reportAll } from './error-report';
import { CONTENT_DIR, DATA_FILE, readPlaceholderSource } from './facts';
import { parseEntry, prepareEntry, type EntryType, type EntryTypes } from './prepare';
import type { PlaceholderSource } from './placeholders';
import { TYPOGRAPHY_RULES } from './typography';

/** The facts entries are filled from, and their digest (part of every entry's digest). */
interface Facts {
  source: PlaceholderSource;
  stamp: string;
}

/**
 * Astro's entry types, each preparing what it reads: a file that cannot be prepared is reported to
 * the dev overlay and stops the load; one that can clears its overlay error.
 */
function preparingEntryTypes(
  entryTypes: EntryTypes,
  facts: Facts,
  schema: z.ZodType,
  fileOf: (path: string) => string,
): EntryTypes {
  const preparing = (entryType: EntryType): EntryType => ({
    ...entryType,
    getEntryInfo: async (params) => {
      const file = fileOf(params.fileUrl.href);
      return guarded(file, async () => {
        const info = await parseEntry(entryType, params, file);
        // Readable again: until it fails to prepare below, the file has no error.
        overlaySink()?.clear(file);
        const prepared = prepareEntry(file, info, facts.source, schema);
        if (!prepared.ok) throw prepared.error;
        // Astro's parser read an object: the data is that object, filled and typeset.
        return { ...info, data: prepared.data as Record<string, unknown>, body: prepared.body };
      });
    },
  });
  return new Map(
    [...entryTypes].map(([extension, entryType]) => [extension, preparing(entryType)]),
  );
}

/**
 * Loads one collection with `inner` (its glob loader), its entries prepared; then checks the whole
 * content, so every broken file of every collection is reported at once whichever collection fails.
 * In `astro dev`, re-checks on every change and refills the collection when a quoted fact changes.
 */
async function loadPrepared(context: LoaderContext, inner: Loader, schema: z.ZodType) {
  const root = fileURLToPath(context.config.root);
  const site = context.config.site ?? '';
  const stampOf = (source: PlaceholderSource) =>
    context.generateDigest(JSON.stringify(source) + TYPOGRAPHY_RULES);
  const source = readPlaceholderSource(root, site);
  const facts: Facts = { source, stamp: stampOf(source) };
  const fileOf = (path: string) =>
    relative(root, path.startsWith('file:') ? fileURLToPath(path) : path);
  const astroEntryTypes = (context as LoaderContext & { entryTypes: EntryTypes }).entryTypes;
  const entryTypes = preparingEntryTypes(astroEntryTypes, facts, schema, fileOf);
  const contextWith = (watcher: LoaderContext['watcher']): LoaderContext => ({
    ...context,
    watcher,
    ...{ entryTypes },
    generateDigest: (data: Record<string, unknown> | string) =>
      context.generateDigest(typeof data === 'string' ? `${data}\u0000${facts.stamp}` : data),
  });

  let failure: unknown;
  try {
    await inner.load(contextWith(context.watcher));
  } catch (error) {
    failure = error;
  }
  const lines = await checkAllContent(root, site, astroEntryTypes);
  reportAll(lines);
  const problem = everyProblem(failure, lines);
  if (problem) throw problem;

  context.watcher?.on('all', async (_event, path) => {
    if (fileOf(path).startsWith(CONTENT_DIR))
      reportAll(await checkAllContent(root, site, astroEntryTypes));
    if (!DATA_FILE.test(path) || !fileOf(path).startsWith(CONTENT_DIR)) return;
    const next = readPlaceholderSource(root, site);
    const nextStamp = stampOf(next);
    if (nextStamp === facts.stamp) return;
    [facts.source, facts.stamp] = [next, nextStamp];
    try {
      await inner.load(contextWith(undefined));
    } catch (error) {
      // The changed file's own error is already logged by glob(); others are news.
      if (!(error instanceof ContentError && path.endsWith(error.file)))
        context.logger.error((error as Error).message);
    }
  });
}

/**
 * A glob loader whose entries have their placeholders filled, are typeset and are validated in French.
 * @example defineCollection({ loader: contentGlob({ pattern: '*.yaml', base: './src/content/jobs' }, jobSchema), schema: jobSchema })
 */
export function contentGlob(
  options: { pattern: string | string[]; base: string; collection?: string },
  schema: z.ZodType,
): Loader {
  const inner = glob({ pattern: options.pattern, base: options.base });
  registerCollection({
    collection: options.collection ?? basename(options.base),
    base: options.base,
    pattern: options.pattern,
    schema,
  });
  return {
    ...inner,
    name: 'content-glob',
    load: (context) => loadPrepared(context, inner, schema),
  };
}
