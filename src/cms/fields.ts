/**
 * The editor's form fields of a collection: its schema as JSON Schema (./json-schema.ts), each
 * property's widget from the table (./widgets.ts), with its French label (./labels.ts), whether it
 * is required and its default.
 */
import type { z } from 'astro/zod';
import { fieldLabels } from './field-labels';
import { sharedSchemas } from './labels';
import { editorSchema, type JsonSchema } from './json-schema';
import { widgetFor, type CmsField, type Site, type Widget } from './widgets';

/** One content collection as the generator sees it. */
export interface CmsCollectionInput {
  name: string;
  schema: z.ZodType;
  /** Its entries: file path relative to the project root, and the entry's data. */
  entries: { file: string; data: unknown }[];
}

/** What the widget rules may ask of the generator, for one collection. */
type Walk = Pick<Site, 'collection' | 'lookup' | 'label' | 'missing' | 'fields' | 'field'>;

function walkOf(collection: string, missing: Set<string>): Walk {
  const owner = sharedSchemas[collection];
  const walk: Walk = {
    collection,
    lookup: <T>(map: Record<string, T>, path: string) =>
      map[`${collection}.${path}`] ?? (owner ? map[`${owner}.${path}`] : undefined),
    label: (path, name) => {
      const label = walk.lookup(fieldLabels, path) ?? fieldLabels[name];
      if (!label) missing.add(`${collection}: ${path}`);
      return label ?? name;
    },
    missing: (what) => missing.add(`${collection}: ${what}`),
    fields: (json, path, values) => objectFields(walk, json, path, values),
    field: (json, path, name, values, required) =>
      fieldFor(walk, { json, path, name, values }, required),
  };
  return walk;
}

const isPrimitive = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

/** A field's widget, with `required: false` when a file may leave it out, and its default. */
function fieldFor(
  walk: Walk,
  at: Pick<Site, 'json' | 'path' | 'name' | 'values'>,
  required: boolean,
): Widget {
  const field: Record<string, unknown> = { ...widgetFor({ ...walk, ...at }) };
  if (!required) field.required = false;
  // Inside an optional object every field is optional in the editor, so that an object left empty
  // never blocks saving (a new page without a menu label); the build still asks for them, naming
  // the field, when the object is given.
  if (!required && Array.isArray(field.fields) && field.widget === 'object')
    field.fields = optionalFields(field.fields as CmsField[]);
  // A new entry starts an optional list empty: without a default, the editor starts it with one item
  // holding its fields' defaults (a hero button with only « Icône après le texte »), whose required
  // fields then block publishing.
  if (field.widget === 'list' && field.required === false && field.default === undefined)
    field.default = [];
  const defaultValue = at.json.default;
  if (defaultValue !== undefined && field.default === undefined) {
    const usable =
      isPrimitive(defaultValue) ||
      (Array.isArray(defaultValue) && defaultValue.length > 0 && defaultValue.every(isPrimitive));
    if (usable) field.default = defaultValue;
  }
  return field as Widget;
}

/**
 * `fields` and the fields within them, all optional in the editor and without a default: a default
 * would make the editor write the object into every new entry (`menu: { main: false }`, a menu link
 * without its label).
 */
function optionalFields(fields: CmsField[]): CmsField[] {
  return fields.map(({ default: _default, ...field }) => ({
    ...field,
    required: false,
    ...(Array.isArray(field.fields) && field.widget === 'object'
      ? { fields: optionalFields(field.fields as CmsField[]) }
      : {}),
  }));
}

const childValues = (values: unknown[], key: string) =>
  values.flatMap((value) =>
    value && typeof value === 'object' && key in value
      ? [(value as Record<string, unknown>)[key]]
      : [],
  );

/** The fields of an object schema's properties, in order; a property is required unless JSON Schema says not. */
function objectFields(walk: Walk, json: JsonSchema, parent: string, values: unknown[]): CmsField[] {
  const required = new Set(json.required ?? []);
  return (
    Object.entries(json.properties ?? {})
      .map(([name, property]) => {
        const path = parent ? `${parent}.${name}` : name;
        const at = { json: property, path, name, values: childValues(values, name) };
        return {
          name,
          label: walk.label(path, name),
          ...fieldFor(walk, at, required.has(name)),
        } as CmsField;
      })
      // A record with no key in these entries has nothing to edit, and the editor refuses an empty object.
      .filter((field) => !(Array.isArray(field.fields) && field.fields.length === 0))
  );
}

/** Fields of a collection's entries, in schema order (plus the Markdown body for `.md` files). */
export function collectionFields(
  input: CmsCollectionInput,
  missing = new Set<string>(),
): CmsField[] {
  const json = editorSchema(input.schema);
  if (json.type !== 'object' || !json.properties)
    throw new Error(`CMS config: the schema of collection ${input.name} is not a z.object().`);
  const walk = walkOf(input.name, missing);
  const fields = objectFields(
    walk,
    json,
    '',
    input.entries.map((entry) => entry.data),
  );
  if (input.entries.some((entry) => /\.mdx?$/.test(entry.file)))
    fields.push({ name: 'body', label: walk.label('body', 'body'), widget: 'markdown' });
  return fields;
}
