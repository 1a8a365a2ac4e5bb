/**
 * `/admin/config.yml`: the visual editor's configuration, generated at build time (and on each request
 * in `astro dev`) from the collections' zod schemas and their entries. See src/cms/config.ts.
 */
import type { APIRoute } from 'astro';
import { getCollection, type CollectionKey } from 'astro:content';
import type { z } from 'astro/zod';
import { stringify } from 'yaml';
import { collections } from '../../content.config';
import { editorConfig } from '../../cms/config';
import { cmsOptions } from '../../cms/options';

export const GET: APIRoute = async ({ site }) => {
  const inputs = await Promise.all(
    (Object.keys(collections) as CollectionKey[]).map(async (name) => ({
      name,
      schema: collections[name].schema as z.ZodType,
      entries: (await getCollection(name)).map((entry) => ({
        file: (entry as { filePath?: string }).filePath ?? '',
        data: entry.data,
      })),
    })),
  );
  const { config, missingLabels } = editorConfig(
    inputs,
    cmsOptions(process.env, String(site ?? 'http://localhost:4321')),
  );
  // The unit test tests/unit/cms-config.test.ts fails on these; the build only warns (the editor
  // then shows the field's name) so that a missing label never blocks a deploy.
  if (missingLabels.length)
    console.warn(`src/cms/labels.ts, src/cms/field-labels.ts: no French label for ${missingLabels.join(', ')}`);
  return new Response(
    `# Generated from src/schemas by src/cms/config.ts: do not edit.\n${stringify(config, { lineWidth: 0 })}`,
    { headers: { 'Content-Type': 'text/yaml; charset=utf-8' } },
  );
};
