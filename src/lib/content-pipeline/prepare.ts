/**
 * One content entry made ready for pages: parsed, placeholders filled, typeset, validated. The loader
 * and the whole-content check both prepare entries here, so both refuse a file the same way.
 */
import type { z } from 'astro/zod';
import { ContentError, formatContentIssues, frenchErrorMap, yamlSyntaxError } from './errors';
import { contentFileData } from './files';
import { fillMarkdownPlaceholders, fillPlaceholders, type PlaceholderSource } from './placeholders';
import { frenchMarkdown, typesetData } from './typography';

export const MARKDOWN_FILE = /\.(md|mdx|markdoc)$/;

/** What a file type's parser reads: the data (YAML document or front matter) and the Markdown body. */
export interface EntryInfo<D = unknown> {
  data: D;
  body?: string;
}

/** Astro's parser of one file type, handed to glob() in the loader context (not in the public type). */
export interface EntryType {
  getEntryInfo(params: {
    contents: string;
    fileUrl: URL;
  }): Promise<EntryInfo<Record<string, unknown>>>;
}
export type EntryTypes = Map<string, EntryType>;

/**
 * The data and body of `file` as Astro's parser of its type reads them (our own YAML reading when
 * Astro has none); a YAML error becomes the French message naming its line.
 */
export async function parseEntry(
  entryType: EntryType | undefined,
  params: { contents: string; fileUrl: URL },
  file: string,
): Promise<EntryInfo> {
  try {
    return entryType
      ? await entryType.getEntryInfo(params)
      : { data: contentFileData(file, params.contents) };
  } catch (error) {
    throw yamlSyntaxError(file, error, MARKDOWN_FILE.test(file));
  }
}

/**
 * An entry ready for pages (data and body filled and typeset; `parsed`: the data as the schema
 * outputs it), or its French error with its data as far as it was prepared (for the checks across
 * files).
 */
export type PreparedEntry<D> =
  | { ok: true; data: D; body?: string; parsed: unknown }
  | { ok: false; error: ContentError; data: unknown };

/**
 * Fills the placeholders of the data, then of the Markdown body; applies French typography to both;
 * validates the data with French messages. Any error other than a {@link ContentError} is thrown.
 * @example prepareEntry('src/content/jobs/x.yaml', { data: { title: 'Appelez le {phone.display}' } }, facts, jobSchema)
 */
export function prepareEntry<D>(
  file: string,
  info: EntryInfo<D>,
  facts: PlaceholderSource,
  schema: z.ZodType,
): PreparedEntry<D> {
  let data: unknown = info.data;
  try {
    const filled = typesetData(fillPlaceholders(info.data, facts, file));
    const body =
      typeof info.body === 'string' && MARKDOWN_FILE.test(file)
        ? frenchMarkdown(fillMarkdownPlaceholders(info.body, facts, file))
        : info.body;
    data = filled;
    const result = schema.safeParse(filled, { error: frenchErrorMap });
    if (result.success) return { ok: true, data: filled, body, parsed: result.data };
    return {
      ok: false,
      error: new ContentError(file, formatContentIssues(file, result.error.issues)),
      data,
    };
  } catch (error) {
    if (error instanceof ContentError) return { ok: false, error, data };
    throw error;
  }
}
