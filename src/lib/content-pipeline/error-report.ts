/**
 * Where content errors go besides the failed load: the dev server's overlay (through the sink that
 * src/integrations/content-errors.ts registers) and CI's report file (CONTENT_ERROR_REPORT).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { ContentError } from './errors';

/** Where content errors are sent in `astro dev`. */
export interface ContentErrorSink {
  report(file: string, message: string): void;
  clear(file: string): void;
}
export const CONTENT_ERROR_SINK = Symbol.for('agence.content-error-sink');

/** The dev server's sink, when one is registered (`astro dev` only). */
export function overlaySink(): ContentErrorSink | undefined {
  return (globalThis as Record<symbol, ContentErrorSink | undefined>)[CONTENT_ERROR_SINK];
}

/** Runs `step` for `file`; a failure is reported to the dev overlay and rethrown as a ContentError. */
export async function guarded<T>(file: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    const content =
      error instanceof ContentError
        ? error
        : new ContentError(file, [], `erreur inattendue : ${(error as Error).message}`);
    overlaySink()?.report(file, content.message);
    throw content;
  }
}

let reported = new Set<string>();

/**
 * Sends the whole-content check to the dev overlay (broken files shown, fixed ones cleared) and, when
 * CONTENT_ERROR_REPORT names a file, writes every line there as JSON (`[]` when all is valid): CI
 * lists them in French in the job summary and the commit status (scripts/lib/publish-status.mjs).
 */
export function reportAll(lines: Map<string, string[]>) {
  const report = process.env.CONTENT_ERROR_REPORT;
  if (report) {
    const all = [...lines.keys()].sort().flatMap((file) => lines.get(file)!);
    mkdirSync(dirname(report), { recursive: true });
    writeFileSync(report, `${JSON.stringify(all, null, 2)}\n`);
  }
  const sink = overlaySink();
  for (const file of reported) if (!lines.has(file)) sink?.clear(file);
  for (const [file, fileLines] of lines) sink?.report(file, fileLines.join('\n'));
  reported = new Set(lines.keys());
}
