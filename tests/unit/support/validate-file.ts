/** Validates one content file as the build does (placeholders filled from the real settings). */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { z } from 'astro/zod';
import { contentFileData } from '../../../src/lib/content-pipeline/files';
import { formatContentIssues, frenchErrorMap } from '../../../src/lib/content-pipeline/errors';
import { readPlaceholderSource } from '../../../src/lib/content-pipeline/facts';
import { fillPlaceholders } from '../../../src/lib/content-pipeline/placeholders';

const ROOT = process.cwd();
const facts = readPlaceholderSource(ROOT);

/** The file's error lines, in French, naming file and field (empty when it is valid). */
export function validateFile(path: string, schema: z.ZodType): string[] {
  const file = relative(ROOT, path);
  const data = fillPlaceholders(contentFileData(file, readFileSync(path, 'utf8')), facts, file);
  const result = schema.safeParse(data, { error: frenchErrorMap });
  return result.success ? [] : formatContentIssues(file, result.error.issues);
}
