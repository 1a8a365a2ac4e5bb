/**
 * The whole-content check: every file of every collection prepared as the loader does, its photos, and
 * the references between files, so one build names every problem of the content at once.
 */
import { globSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'astro/zod';
import { ContentError } from './errors';
import {
  crossReferenceProblems,
  type BrokenEntry,
  type CheckedCollections,
  type CheckedEntry,
} from './check';
import { readPlaceholderSource } from './facts';
import { photoProblems } from './photo-check';
import { parseEntry, prepareEntry, type EntryTypes } from './prepare';
import type { PlaceholderSource } from './placeholders';

/** A collection the check reads: its name, folder, file pattern and schema. */
export interface CheckedCollection {
  collection: string;
  base: string;
  pattern: string | string[];
  schema: z.ZodType;
}

/** Every collection made by the loader (src/lib/content-pipeline/loader.ts). */
const REGISTRY: CheckedCollection[] = [];

/** Adds a collection to those the whole-content check reads. */
export function registerCollection(collection: CheckedCollection) {
  REGISTRY.push(collection);
}

type FileResult = { lines: string[]; broken: BrokenEntry } | { entry: CheckedEntry };

/**
 * The check of one file as the loader does it: its entry, or its error lines and what could be read
 * of it (for the checks across files).
 */
async function checkFile(
  root: string,
  file: string,
  schema: z.ZodType,
  facts: PlaceholderSource,
  entryTypes: EntryTypes,
): Promise<FileResult> {
  const idOf = (data: unknown) => {
    const slug = (data as { slug?: unknown } | undefined)?.slug;
    return typeof slug === 'string' ? slug : basename(file).replace(/\.[^.]+$/, '');
  };
  let read: unknown;
  const failed = (lines: string[]) => ({ lines, broken: { id: idOf(read), file, data: read } });
  try {
    const contents = readFileSync(join(root, file), 'utf8');
    // Astro's own parser of the file type, so a YAML error names the same position as the load.
    const fileUrl = pathToFileURL(join(root, file));
    const info = await parseEntry(entryTypes.get(extname(file)), { contents, fileUrl }, file);
    read = info.data ?? {};
    const prepared = prepareEntry(file, { data: read, body: info.body }, facts, schema);
    read = prepared.data;
    if (!prepared.ok) return failed(prepared.error.message.split('\n'));
    const photoLines = photoProblems(root, file, prepared.parsed, info.body);
    if (photoLines.length) return failed(photoLines);
    const data = prepared.parsed as CheckedEntry['data']; // validated by its collection's schema
    return { entry: { id: idOf(prepared.data), file, data } };
  } catch (error) {
    if (error instanceof ContentError) return failed(error.message.split('\n'));
    return failed([`${file} : erreur inattendue : ${(error as Error).message}`]);
  }
}

/** The files of every registered collection, relative to `root`. */
function contentFiles(root: string) {
  return REGISTRY.flatMap((collection) => {
    const base = resolve(root, collection.base);
    return globSync(collection.pattern, { cwd: base }).map((name) => ({
      collection,
      file: relative(root, join(base, name)),
    }));
  });
}

let checked: { key: string; lines: Map<string, string[]> } | undefined;

/**
 * Every problem of the content at once, by file, in one pass: each file of each collection prepared
 * as the loader does (placeholders, schema), its photos, and the references between files
 * (src/lib/content-pipeline/check.ts), broken files counting as what others point at. Read again only when a
 * file changed.
 */
export async function checkAllContent(
  root: string,
  siteUrl: string,
  entryTypes: EntryTypes,
): Promise<Map<string, string[]>> {
  const files = contentFiles(root);
  const key = files
    .map(({ file }) => {
      const { mtimeMs, size } = statSync(join(root, file));
      return `${file}:${mtimeMs}:${size}`;
    })
    .join('|');
  if (checked?.key === key) return checked.lines;
  const facts = readPlaceholderSource(root, siteUrl);
  const lines = new Map<string, string[]>();
  const entries: Record<string, CheckedEntry[]> = {};
  const broken: Record<string, BrokenEntry[]> = {};
  for (const { collection, file } of files) {
    const result = await checkFile(root, file, collection.schema, facts, entryTypes);
    if ('lines' in result) {
      lines.set(file, result.lines);
      (broken[collection.collection] ??= []).push(result.broken);
    } else (entries[collection.collection] ??= []).push(result.entry);
  }
  // Each collection's entries were validated by its own schema.
  const valid = entries as CheckedCollections;
  for (const line of crossReferenceProblems(valid, broken)) {
    const file = line.split(/ — | : /)[0];
    lines.set(file, [...(lines.get(file) ?? []), line]);
  }
  checked = { key, lines };
  return lines;
}

/**
 * The error of a failed load with every other broken file: the failing file keeps the parser's own
 * message (its exact position), the others come from {@link checkAllContent}.
 */
export function everyProblem(
  failure: unknown,
  lines: Map<string, string[]>,
): ContentError | undefined {
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
