/**
 * Which Sveltia CMS widget edits which shape of JSON Schema (./json-schema.ts): a table read top to
 * bottom, the first rule whose shape matches wins. A shape no rule takes stops the generator, naming
 * the field.
 */
import { fieldLabels } from './field-labels';
import { fieldRelations, longTextFields, optionLabels, variantLabels } from './labels';
import { COLLECTION, type JsonSchema } from './json-schema';

/** An editor field in Decap's format, which Sveltia CMS reads (the subset this generator writes). */
export type CmsField = { name: string; label: string; widget: string } & Record<string, unknown>;
/** A field's widget and its options: a field without its name and label. */
export type Widget = Omit<CmsField, 'name' | 'label'>;

/** One field as a rule sees it, and what a rule may ask of the generator (src/cms/fields.ts). */
export interface Site {
  collection: string;
  json: JsonSchema;
  /** Dotted path from the entry's root (`hero.buttons`). */
  path: string;
  name: string;
  /** This field's values in the entries (record keys, list items, block variants). */
  values: unknown[];
  /** `<collection>.<path>` in a map of src/cms/labels.ts (src/cms/field-labels.ts for fields), else under the collection it shares. */
  lookup<T>(map: Record<string, T>, path: string): T | undefined;
  /** The field's French label (a missing one is reported). */
  label(path: string, name: string): string;
  /** Reports a missing label (`what`: in this collection). */
  missing(what: string): void;
  /** The fields of an object schema, given the objects' values. */
  fields(json: JsonSchema, path: string, values: unknown[]): CmsField[];
  /** One field's widget with its required flag and default. */
  field(json: JsonSchema, path: string, name: string, values: unknown[], required: boolean): Widget;
}

/** A relation widget to the entries of `collection`, storing `valueField` (default: the file name). */
function relationWidget(collection: string, valueField?: string): Widget {
  const value = valueField ?? '{{slug}}';
  return {
    widget: 'relation',
    collection,
    value_field: value,
    search_fields: [value],
    display_fields: [value],
  };
}

/** The date picker: a day, stored as AAAA-MM-JJ. */
const DATE_WIDGET: Widget = {
  widget: 'datetime',
  date_format: 'YYYY-MM-DD',
  time_format: false,
  picker_utc: true,
};

const isText = (json: JsonSchema | undefined) =>
  json?.type === 'string' && json.enum === undefined && json.const === undefined;
const isObject = (json: JsonSchema | undefined) => json?.type === 'object' && !!json.properties;
/** A text field whose value names an entry of another collection (`fieldRelations`). */
const relationOf = (site: Site) => site.lookup(fieldRelations, site.path);
/** Bounds that say something (zod writes ±2^53 − 1 for a bare integer). */
const bounded = (pairs: [string, number | undefined][]) =>
  Object.fromEntries(
    pairs.filter(([, value]) => Math.abs(value ?? Infinity) < Number.MAX_SAFE_INTEGER),
  );
const listBounds = ({ minItems, maxItems }: JsonSchema) =>
  Object.fromEntries(
    Object.entries({ min: minItems, max: maxItems }).filter(([, value]) => value !== undefined),
  );

/** The property whose constant tells the branches of a `oneOf` apart (a discriminated union). */
function discriminatorOf(branches: JsonSchema[]): string | undefined {
  return Object.keys(branches[0]?.properties ?? {}).find((key) =>
    branches.every((branch) => branch.properties?.[key]?.const !== undefined),
  );
}

/** A list of blocks: one form per branch of the union, picked by its discriminator. */
function variantList(site: Site, branches: JsonSchema[], key: string): Widget {
  const types = branches.map(({ properties = {}, ...branch }) => {
    const value = String(properties[key].const);
    const label = variantLabels[value];
    if (!label) site.missing(`${site.path}[${key}=${value}]`);
    const { [key]: _discriminator, ...rest } = properties;
    const items = site.values.filter((item) => (item as Record<string, unknown>)?.[key] === value);
    const fields = site.fields({ ...branch, properties: rest }, site.path, items);
    return { name: value, label: label ?? value, widget: 'object', fields };
  });
  return { widget: 'list', typeKey: key, types, ...listBounds(site.json) };
}

/** A record: its keys are data (figure names), one field per key found in the entries. */
function recordFields(site: Site, value: JsonSchema): Widget {
  const keys = [...new Set(site.values.flatMap((entry) => Object.keys(entry ?? {})))].sort();
  const fields = keys.map((key) => {
    const path = `${site.path}.${key}`;
    const values = site.values.flatMap((entry) =>
      entry && typeof entry === 'object' && key in entry
        ? [(entry as Record<string, unknown>)[key]]
        : [],
    );
    const label = site.lookup(fieldLabels, path) ?? key;
    return { name: key, label, ...site.field(value, path, key, values, false) };
  });
  return { widget: 'object', collapsed: true, fields };
}

const items = (site: Site) => site.values.flatMap((value) => (Array.isArray(value) ? value : []));

/** A row of the table: the shape it names, the test of a field's JSON Schema, the widget it gives. */
type Rule = [shape: string, test: (site: Site) => boolean, widget: (site: Site) => Widget];

const WIDGETS: Rule[] = [
  [
    'reference',
    ({ json }) => json[COLLECTION] !== undefined,
    ({ json }) => relationWidget(json[COLLECTION]!),
  ],
  ['day (format: date)', ({ json }) => json.format === 'date', () => DATE_WIDGET],
  [
    'text naming an entry',
    (site) => isText(site.json) && !!relationOf(site),
    (site) => relationWidget(relationOf(site)!.collection, relationOf(site)!.valueField),
  ],
  [
    // A photo's file (src/schemas/photo.ts): the upload button, the file saved beside the entry.
    "photo's file",
    ({ json, path }) => isText(json) && /(^|\.)photo\.src$/.test(path),
    () => ({ widget: 'image', choose_url: false }),
  ],
  [
    'text',
    ({ json }) => isText(json),
    ({ name }) => ({ widget: longTextFields.has(name) ? 'text' : 'string' }),
  ],
  [
    'number',
    ({ json }) => json.type === 'number' || json.type === 'integer',
    ({ json }) => ({
      widget: 'number',
      value_type: json.type === 'integer' ? 'int' : 'float',
      ...bounded([
        ['min', json.minimum],
        ['max', json.maximum],
      ]),
    }),
  ],
  ['boolean', ({ json }) => json.type === 'boolean', () => ({ widget: 'boolean' })],
  [
    'enum',
    ({ json }) => Array.isArray(json.enum),
    (site) => {
      const labels = site.lookup(optionLabels, site.path) ?? optionLabels[site.name];
      const values = site.json.enum as string[];
      return {
        widget: 'select',
        options: labels
          ? values.map((value) => ({ label: labels[value] ?? value, value }))
          : values,
      };
    },
  ],
  [
    'constant',
    ({ json }) => json.const !== undefined,
    ({ json }) => ({ widget: 'hidden', default: json.const }),
  ],
  [
    'union of constants',
    ({ json }) => !!json.anyOf?.every((branch) => branch.const !== undefined),
    ({ json }) => ({ widget: 'select', options: json.anyOf!.map((branch) => branch.const) }),
  ],
  [
    'object',
    ({ json }) => isObject(json),
    (site) => ({
      widget: 'object',
      collapsed: site.path.includes('.'),
      fields: site.fields(site.json, site.path, site.values),
    }),
  ],
  [
    'record',
    ({ json }) => json.type === 'object' && typeof json.additionalProperties === 'object',
    (site) => recordFields(site, site.json.additionalProperties as JsonSchema),
  ],
  [
    'list of blocks (discriminated union)',
    ({ json }) => !!json.items?.oneOf && !!discriminatorOf(json.items.oneOf),
    (site) => variantList(site, site.json.items!.oneOf!, discriminatorOf(site.json.items!.oneOf!)!),
  ],
  [
    'list of texts naming entries',
    (site) => isText(site.json.items) && !!relationOf(site),
    (site) => ({
      ...relationWidget(relationOf(site)!.collection, relationOf(site)!.valueField),
      multiple: true,
      ...listBounds(site.json),
    }),
  ],
  [
    'list of objects',
    ({ json }) => isObject(json.items),
    (site) => ({
      widget: 'list',
      fields: site.fields(site.json.items!, site.path, items(site)),
      ...listBounds(site.json),
    }),
  ],
  [
    'list',
    ({ json }) => json.type === 'array' && !!json.items,
    (site) => ({
      widget: 'list',
      field: {
        name: 'item',
        label: site.label(site.path, site.name),
        ...widgetFor({ ...site, json: site.json.items!, values: items(site) }),
      },
      ...listBounds(site.json),
    }),
  ],
];

/** The widget of the first rule of the table that takes the field's shape. */
export function widgetFor(site: Site): Widget {
  const rule = WIDGETS.find(([, test]) => test(site));
  if (rule) return rule[2](site);
  throw new Error(
    `CMS config: ${site.collection}.${site.path} has a schema the editor cannot show (${JSON.stringify(site.json)}); ` +
      'add its shape to the table of src/cms/widgets.ts.',
  );
}
