/**
 * The content schemas as the editor sees them: zod's JSON Schema of what a file may hold
 * (`z.toJSONSchema`, `io: 'input'`), read by the widget table (./widgets.ts). Two facts JSON Schema
 * has no word for are added under `x-` keys: the collection an Astro `reference()` points to, and
 * a date (`z.date()`) as a day, like the schemas' own `isoDay` (src/schemas/date.ts).
 */
import { z } from 'astro/zod';

/** The key under which a reference's schema names the collection it points to. */
export const COLLECTION = 'x-collection';

/** The part of JSON Schema that zod writes for the content schemas and the widget table reads. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  [COLLECTION]?: string;
}

/** A day, as zod writes `isoDay` (a string of format `date`). */
const DAY: z.core.JSONSchema.JSONSchema = { type: 'string', format: 'date' };

/**
 * The shape of Astro's `reference()` in JSON Schema: a union one of whose branches is an object
 * with `collection` and `id` (or `slug`).
 */
const isReference = (json: JsonSchema) =>
  (json.anyOf ?? []).some(
    ({ properties }) =>
      properties && 'collection' in properties && ('id' in properties || 'slug' in properties),
  );

/** The collection a reference resolves a name to: what it turns a name into says it. */
function collectionOf(schema: z.core.$ZodType): string | undefined {
  const parsed = z.safeParse(schema, 'x');
  const data = parsed.data as { collection?: unknown } | undefined;
  return parsed.success && typeof data?.collection === 'string' ? data.collection : undefined;
}

/** The JSON Schema of what a content file may hold for `schema`, references and dates marked. */
export function editorSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    // Anything else without a JSON Schema equivalent becomes `{}`, which no widget takes: the
    // generator then names the field (src/cms/widgets.ts).
    unrepresentable: ({ zodSchema }) => (zodSchema instanceof z.ZodDate ? DAY : 'any'),
    override: ({ zodSchema, jsonSchema }) => {
      const collection = isReference(jsonSchema as JsonSchema)
        ? collectionOf(zodSchema)
        : undefined;
      if (collection) jsonSchema[COLLECTION] = collection;
    },
  }) as JsonSchema;
}

/** The collection a schema built by Astro's `reference()` points to, or undefined. */
export function referencedCollection(schema: z.ZodType): string | undefined {
  return editorSchema(schema)[COLLECTION];
}
