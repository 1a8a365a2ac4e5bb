/**
 * The content collections of src/content.config.ts with the files their glob loaders read. `glob()`
 * is wrapped so that each collection tells where its files live (the loader keeps its options private).
 * Import this module before anything that imports `astro/loaders`.
 */
import { globSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { z } from 'astro/zod';

vi.mock('astro/loaders', async (importOriginal) => {
  const original = await importOriginal<typeof import('astro/loaders')>();
  return {
    ...original,
    glob: (options: Parameters<typeof original.glob>[0]) => ({
      ...original.glob(options),
      options,
    }),
  };
});

/** One collection: its name, glob options (undefined if not a glob loader), files, schema. */
export interface ContentCollection {
  name: string;
  options?: { pattern: string | string[]; base?: string };
  /** Absolute paths of the files the loader reads, sorted. */
  files: string[];
  schema: z.ZodType;
}

const ROOT = process.cwd();

function resolveSchema(schema: unknown): z.ZodType {
  return (typeof schema === 'function' ? schema({ image: () => z.string() }) : schema) as z.ZodType;
}

/** Every collection of src/content.config.ts, in its order. */
export async function contentCollections(): Promise<ContentCollection[]> {
  const { collections } = await import('../../../src/content.config');
  return Object.entries(collections).map(([name, collection]) => {
    const config = collection as unknown as {
      loader: { options?: { pattern: string | string[]; base?: string } };
      schema: unknown;
    };
    const options = config.loader.options;
    const base = join(ROOT, options?.base ?? '.');
    const patterns = options ? [options.pattern].flat() : [];
    const files = patterns
      .flatMap((pattern) => globSync(pattern, { cwd: base }))
      .map((file) => join(base, file))
      .sort();
    return { name, options, files, schema: resolveSchema(config.schema) };
  });
}
