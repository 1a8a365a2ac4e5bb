/**
 * The Sveltia CMS configuration (`/admin/config.yml`, in Decap's format), generated from the zod
 * schemas of the content collections so the editor cannot drift from what the build accepts. Labels
 * come from one French map (`./labels`); a field without a label is reported, never guessed.
 */
import type { z } from 'astro/zod';
import {
  collectionLabels,
  fieldLabels,
  fieldRelations,
  longTextFields,
  optionLabels,
  sharedSchemas,
  variantLabels,
} from './labels';
import { isoDay } from '../schemas/date';

/** One content collection as the generator sees it. */
export interface CmsCollectionInput {
  name: string;
  schema: z.ZodType;
  /** Its entries: file path relative to the project root, and the entry's data. */
  entries: { file: string; data: unknown }[];
}

/** An editor field in Decap's format, which Sveltia CMS reads (the subset this generator writes). */
export type CmsField = { name: string; label: string; widget: string } & Record<string, unknown>;

/** Options of the generated configuration. */
export interface CmsOptions {
  /** Public URL of the site (links from the editor to the page). */
  siteUrl: string;
  /** GitHub repository `owner/name` the production editor commits to. */
  repo: string;
  /** Branch the drafts are merged into. */
  branch: string;
}

/** What the generator returns: the configuration, and the labels missing from `./labels`. */
export interface CmsConfigResult {
  config: Record<string, unknown>;
  missingLabels: string[];
}

type Def = { type: string } & Record<string, any>;
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def;

/** The collection a schema built by Astro's `reference()` points to, or undefined. */
export function referencedCollection(schema: z.ZodType): string | undefined {
  const def = defOf(schema);
  if (def.type !== 'pipe' || defOf(def.in).type !== 'union') return undefined;
  const options: z.ZodType[] = defOf(def.in).options;
  const isReference = options.some((option) => {
    const shape = defOf(option).shape;
    return shape && 'collection' in shape && ('id' in shape || 'slug' in shape);
  });
  if (!isReference) return undefined;
  const parsed = schema.safeParse('x');
  const data = parsed.data as { collection?: unknown } | undefined;
  return parsed.success && typeof data?.collection === 'string' ? data.collection : undefined;
}

/** Strips optional/default/nullable/readonly wrappers; says whether the value may be left out. */
function unwrap(schema: z.ZodType): {
  schema: z.ZodType;
  required: boolean;
  defaultValue?: unknown;
} {
  let required = true;
  let defaultValue: unknown;
  for (;;) {
    const def = defOf(schema);
    if (def.type === 'optional' || def.type === 'nullable') required = false;
    else if (def.type === 'default' || def.type === 'prefault') {
      required = false;
      defaultValue ??= def.defaultValue;
    } else if (def.type !== 'readonly' && def.type !== 'catch') break;
    schema = def.innerType;
  }
  return { schema, required, defaultValue };
}

const isPrimitive = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

interface Walk {
  collection: string;
  /** Values of this field in the entries (for record keys). */
  values: unknown[];
  missing: Set<string>;
}

/** Looks `<collection>.<path>` up in `map`, then under the collection whose schema it shares. */
function byPath<T>(map: Record<string, T>, walk: Walk, path: string): T | undefined {
  const owner = sharedSchemas[walk.collection];
  return map[`${walk.collection}.${path}`] ?? (owner ? map[`${owner}.${path}`] : undefined);
}

function labelOf(walk: Walk, path: string, name: string): string {
  const label = byPath(fieldLabels, walk, path) ?? fieldLabels[name];
  if (!label) walk.missing.add(`${walk.collection}: ${path}`);
  return label ?? name;
}

const childValues = (values: unknown[], key: string) =>
  values.flatMap((value) =>
    value && typeof value === 'object' && key in value ? [(value as any)[key]] : [],
  );
const itemsOf = (values: unknown[]) =>
  values.flatMap((value) => (Array.isArray(value) ? value : []));

/** A relation widget to the entries of `collection`, storing `valueField` (default: the file name). */
function relationWidget(collection: string, valueField?: string) {
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
const dateWidget = {
  widget: 'datetime',
  date_format: 'YYYY-MM-DD',
  time_format: false,
  picker_utc: true,
};

/** The widget options (everything but name and label) for one schema. */
function widgetFor(
  schema: z.ZodType,
  path: string,
  name: string,
  walk: Walk,
): Record<string, unknown> {
  const collection = referencedCollection(schema);
  if (collection) return relationWidget(collection);
  // A day written AAAA-MM-JJ (a preprocess + refine + transform pipe): the date picker.
  if (schema === isoDay) return dateWidget;
  const def = defOf(schema);
  const hint = byPath(fieldRelations, walk, path);
  if (hint && def.type === 'string') return relationWidget(hint.collection, hint.valueField);
  switch (def.type) {
    case 'string': {
      // A photo's file (src/schemas/fields.ts): the upload button, the file saved beside the entry.
      if (name === 'src' && /(^|\.)photo\.src$/.test(path))
        return { widget: 'image', choose_url: false };
      return { widget: longTextFields.has(name) ? 'text' : 'string' };
    }
    case 'number': {
      const number = schema as z.ZodNumber;
      const bounds = Object.fromEntries(
        [
          ['min', number.minValue],
          ['max', number.maxValue],
        ].filter(([, value]) => Math.abs(Number(value ?? Infinity)) < Number.MAX_SAFE_INTEGER),
      );
      return {
        widget: 'number',
        value_type: number.format === 'safeint' ? 'int' : 'float',
        ...bounds,
      };
    }
    case 'boolean':
      return { widget: 'boolean' };
    case 'date':
      return dateWidget;
    case 'enum': {
      const labels = byPath(optionLabels, walk, path) ?? optionLabels[name];
      const values = Object.values(def.entries) as string[];
      return {
        widget: 'select',
        options: labels
          ? values.map((value) => ({ label: labels[value] ?? value, value }))
          : values,
      };
    }
    case 'literal':
      return def.values.length === 1
        ? { widget: 'hidden', default: def.values[0] }
        : { widget: 'select', options: def.values };
    case 'union': {
      const literals = (def.options as z.ZodType[]).map((option) => defOf(option));
      if (!def.discriminator && literals.every((option) => option.type === 'literal'))
        return { widget: 'select', options: literals.flatMap((option) => option.values) };
      break;
    }
    case 'object':
      return {
        widget: 'object',
        collapsed: path.includes('.'),
        fields: objectFields(def.shape, path, walk.values, walk),
      };
    case 'record': {
      // Keys are data (e.g. figure names): the editor shows one field per key found in the entries,
      // under its label when `<collection>.<path>.<key>` has one.
      const keys = [...new Set(walk.values.flatMap((value) => Object.keys(value ?? {})))].sort();
      const fields = keys.map((key) => ({
        name: key,
        label: byPath(fieldLabels, walk, `${path}.${key}`) ?? key,
        ...fieldFor(
          def.valueType,
          `${path}.${key}`,
          key,
          { ...walk, values: childValues(walk.values, key) },
          false,
        ),
      }));
      return { widget: 'object', collapsed: true, fields };
    }
    case 'array': {
      const element = unwrap(def.element).schema;
      const elementDef = defOf(element);
      const bounds = Object.fromEntries(
        (def.checks ?? [])
          .map((check: any) => check._zod.def)
          .flatMap((check: any) =>
            check.check === 'min_length'
              ? [['min', check.minimum]]
              : check.check === 'max_length'
                ? [['max', check.maximum]]
                : check.check === 'length_equals'
                  ? [
                      ['min', check.length],
                      ['max', check.length],
                    ]
                  : [],
          ),
      );
      const items = itemsOf(walk.values);
      if (elementDef.type === 'union' && elementDef.discriminator) {
        const key: string = elementDef.discriminator;
        const types = (elementDef.options as z.ZodType[]).map((option) => {
          const shape = defOf(option).shape;
          const value = defOf(unwrap(shape[key]).schema).values[0];
          const label = variantLabels[value];
          if (!label) walk.missing.add(`${walk.collection}: ${path}[${key}=${value}]`);
          const { [key]: _discriminator, ...rest } = shape;
          const variantItems = items.filter((item: any) => item?.[key] === value);
          return {
            name: value,
            label: label ?? value,
            widget: 'object',
            fields: objectFields(rest, path, variantItems, walk),
          };
        });
        return { widget: 'list', typeKey: key, types, ...bounds };
      }
      if (hint && elementDef.type === 'string')
        return { ...relationWidget(hint.collection, hint.valueField), multiple: true, ...bounds };
      if (elementDef.type === 'object')
        return {
          widget: 'list',
          fields: objectFields(elementDef.shape, path, items, walk),
          ...bounds,
        };
      return {
        widget: 'list',
        field: {
          name: 'item',
          label: labelOf(walk, path, name),
          ...widgetFor(element, path, name, { ...walk, values: items }),
        },
        ...bounds,
      };
    }
    case 'pipe':
      // `z.preprocess(fn, schema)` pipes a transform into the schema: the editor shows the schema.
      return defOf(def.in).type === 'transform'
        ? widgetFor(def.out, path, name, walk)
        : widgetFor(def.in, path, name, walk);
  }
  throw new Error(
    `CMS config: ${walk.collection}.${path} has a zod type (${def.type}) the editor cannot show; ` +
      'extend src/cms/config.ts.',
  );
}

function fieldFor(
  schema: z.ZodType,
  path: string,
  name: string,
  walk: Walk,
  withRequired = true,
): Omit<CmsField, 'name' | 'label'> {
  const { schema: inner, required, defaultValue } = unwrap(schema);
  const widget = widgetFor(inner, path, name, walk) as CmsField;
  const field: Record<string, unknown> = { ...widget };
  if (!required || !withRequired) field.required = false;
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
  if (defaultValue !== undefined && field.default === undefined) {
    const usable =
      isPrimitive(defaultValue) ||
      (Array.isArray(defaultValue) && defaultValue.length > 0 && defaultValue.every(isPrimitive));
    if (usable) field.default = defaultValue;
  }
  return field as CmsField;
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

function objectFields(
  shape: Record<string, z.ZodType>,
  parent: string,
  values: unknown[],
  walk: Walk,
): CmsField[] {
  return (
    Object.entries(shape)
      .map(([name, schema]) => {
        const path = parent ? `${parent}.${name}` : name;
        const child = { ...walk, values: childValues(values, name) };
        return {
          name,
          label: labelOf(walk, path, name),
          ...fieldFor(schema, path, name, child),
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
  const shape = defOf(input.schema).shape;
  if (!shape)
    throw new Error(`CMS config: the schema of collection ${input.name} is not a z.object().`);
  const walk: Walk = { collection: input.name, values: [], missing };
  const fields = objectFields(
    shape,
    '',
    input.entries.map((entry) => entry.data),
    walk,
  );
  if (input.entries.some((entry) => /\.mdx?$/.test(entry.file)))
    fields.push({ name: 'body', label: labelOf(walk, 'body', 'body'), widget: 'markdown' });
  return fields;
}

const IDENTIFIERS = ['title', 'name', 'question'];

/**
 * The field the editor names entries by: a required text field called title, name or question, at the top
 * level first, else in a nested object (`meta.title`); dotted path, or undefined.
 */
export function identifierOf(fields: CmsField[], prefix = ''): string | undefined {
  const own = IDENTIFIERS.map((key) =>
    fields.find((f) => f.name === key && f.widget === 'string' && f.required !== false),
  ).find(Boolean);
  if (own) return `${prefix}${own.name}`;
  for (const field of fields)
    if (field.widget === 'object' && field.required !== false && Array.isArray(field.fields)) {
      const nested = identifierOf(field.fields as CmsField[], `${prefix}${field.name}.`);
      if (nested) return nested;
    }
  return undefined;
}

const dirOf = (file: string) => file.slice(0, file.lastIndexOf('/'));
/** The address of an entry's page, for the editor's « Voir sur le site » link (`{{slug}}`: its file name). */
const PREVIEW_PATHS: Record<string, string> = {
  pages: '{{slug}}',
  legal: '{{slug}}',
  services: '{{slug}}',
  projects: 'nos-realisations/{{slug}}',
  blog: 'blog/{{slug}}',
};

const extensionOf = (file: string) => file.slice(file.lastIndexOf('.') + 1);
const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1, file.lastIndexOf('.'));

/** Context of the commit status CI posts on each draft (scripts/lib/publish-status.mjs); its link is the preview. */
export const PREVIEW_STATUS_CONTEXT = 'Publication';

/**
 * Builds the editor's configuration from the collections. Folder collections (create and delete
 * entries) for folders a collection has to itself with several entries; file collections otherwise
 * (settings, home page, a page sharing its folder).
 */
export function editorConfig(inputs: CmsCollectionInput[], options: CmsOptions): CmsConfigResult {
  const missing = new Set<string>();
  const owners = new Map<string, Set<string>>();
  for (const input of inputs)
    for (const entry of input.entries) {
      const set = owners.get(dirOf(entry.file)) ?? new Set();
      owners.set(dirOf(entry.file), set.add(input.name));
    }

  const collections = inputs.flatMap((input): Record<string, unknown>[] => {
    const names = collectionLabels[input.name];
    if (!names) missing.add(`collection ${input.name}`);
    const label = names?.label ?? input.name;
    if (input.entries.length === 0) return [];
    const fields = collectionFields(input, missing);
    const folders = [...new Set(input.entries.map((entry) => dirOf(entry.file)))];
    const extensions = [...new Set(input.entries.map((entry) => extensionOf(entry.file)))];
    const markdown = extensions.some((extension) => /^mdx?$/.test(extension));
    const format = markdown ? 'frontmatter' : extensions[0] === 'json' ? 'json' : 'yml';
    const shared = folders.length > 1 || owners.get(folders[0])!.size > 1;
    const base = {
      name: input.name,
      label,
      ...(names?.description && { description: names.description }),
    };
    if (shared || input.entries.length === 1)
      return [
        {
          ...base,
          files: input.entries.map((entry) => ({
            name: baseName(entry.file),
            label: input.entries.length === 1 ? label : baseName(entry.file),
            file: entry.file,
            format,
            fields,
          })),
        },
      ];
    const identifier = identifierOf(fields);
    return [
      {
        ...base,
        label_singular: names?.singular ?? label,
        folder: folders[0],
        extension: markdown ? (extensions.includes('md') ? 'md' : 'mdx') : extensions[0],
        format,
        create: true,
        slug: '{{slug}}',
        // Uploads are saved beside the entries, where the build's image pipeline finds them.
        media_folder: '',
        public_folder: '',
        ...(PREVIEW_PATHS[input.name] && { preview_path: PREVIEW_PATHS[input.name] }),
        ...(identifier && identifier !== 'title' && { identifier_field: identifier }),
        summary: identifier ? `{{${identifier}}}` : '{{slug}}',
        fields,
      },
    ];
  });

  const config = {
    app_title: 'Éditeur de contenu',
    backend: {
      name: 'github',
      repo: options.repo,
      branch: options.branch,
      // A fine-grained token typed in the editor: no OAuth server to deploy beside the site.
      auth_methods: ['token'],
      // The draft's preview is the link of CI's « Publication » status, plus the entry's preview_path.
      preview_context: PREVIEW_STATUS_CONTEXT,
      commit_messages: {
        create: 'Contenu : crée {{collection}} « {{slug}} »',
        update: 'Contenu : modifie {{collection}} « {{slug}} »',
        delete: 'Contenu : supprime {{collection}} « {{slug}} »',
        uploadMedia: 'Contenu : ajoute le média « {{path}} »',
        deleteMedia: 'Contenu : supprime le média « {{path}} »',
      },
    },
    // « Enregistrer » opens or updates a pull request (a draft); « Publier » merges it.
    publish_mode: 'editorial_workflow',
    // An optional field left empty is left out of the file, as the schemas expect (an empty text or
    // group is refused by the content check).
    output: { omit_empty_optional_fields: true },
    // Photos come from the copywriter's computer: no stock-photo providers (Unsplash, Pexels…), whose
    // origins the /admin policy does not allow.
    media_libraries: { stock_assets: false },
    site_url: options.siteUrl,
    display_url: options.siteUrl,
    // Never public/ (copied raw): the media library saves beside the pages' entries.
    media_folder: 'src/content/pages',
    public_folder: '',
    slug: { encoding: 'ascii', clean_accents: true, sanitize_replacement: '-' },
    collections,
  };
  return { config, missingLabels: [...missing].sort() };
}
