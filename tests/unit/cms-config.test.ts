/**
 * The visual editor's configuration (src/cms/config.ts) is generated from the zod schemas: every field
 * has a French label, each zod type gets the right widget, and the configuration agrees with the
 * schemas and the content files (what the editor calls required, the build requires; every value in a
 * file has a field in the form).
 */
import { contentCollections } from './support/collections';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { reference } from 'astro:content';
import { contentFileData } from '../../src/lib/content-pipeline/files';
import Ajv from 'ajv';
import { STATUS_CONTEXT } from '../../scripts/lib/publish-status.mjs';
import { PREVIEW_STATUS_CONTEXT, editorConfig } from '../../src/cms/config';
import { cmsOptions } from '../../src/cms/options';
import type { CmsCollectionInput } from '../../src/cms/fields';
import { referencedCollection } from '../../src/cms/json-schema';
import type { CmsField } from '../../src/cms/widgets';

/** Sveltia CMS's JSON Schema of its configuration, as the installed version ships it. */
const SVELTIA_SCHEMA = JSON.parse(
  readFileSync('node_modules/@sveltia/cms/schema/sveltia-cms.json', 'utf8'),
);
const OPTIONS = { siteUrl: 'https://example.fr', repo: 'o/r', branch: 'main' };

/** Every collection with its schema and the data of the files its glob loader reads. */
const inputs: CmsCollectionInput[] = (await contentCollections()).map(
  ({ name, schema, files }) => ({
    name,
    schema,
    entries: files.map((path) => {
      const file = relative(process.cwd(), path);
      return { file, data: contentFileData(file, readFileSync(path, 'utf8')) };
    }),
  }),
);
const { config, missingLabels } = editorConfig(inputs, OPTIONS);
type Collection = { name: string; fields?: CmsField[]; files?: { fields: CmsField[] }[] };
const generated = config.collections as Collection[];
const fieldsOf = (name: string) => {
  const collection = generated.find((c) => c.name === name)!;
  return collection.fields ?? collection.files![0].fields;
};

describe('generated editor configuration', () => {
  it('has a French label for every collection, field and block type', () => {
    expect(missingLabels).toEqual([]);
  });

  it("labels the keys of the pages' own labels (blog box, project page) in French", () => {
    const labels = fieldsOf('pages').find((field) => field.name === 'labels')!;
    const keys = labels.fields as CmsField[];
    expect(keys.map((field) => field.name)).toContain('articleButton');
    expect(keys.filter((field) => field.label === field.name)).toEqual([]);
  });

  it('shows every choice of a list by a French name, never a code', () => {
    // Choices that are already what a copywriter reads (days, contract types, places, offer groups).
    const plainWords = /^([A-ZÉ]|lundi|mardi|mercredi|jeudi|vendredi|sites|ia|extras|saas|plans$)/;
    const bare: string[] = [];
    const visit = (fields: CmsField[] | undefined, at: string) => {
      for (const field of fields ?? []) {
        const path = `${at}.${field.name}`;
        if (field.widget === 'select')
          for (const option of (field.options as unknown[]) ?? [])
            if (typeof option === 'string' && !plainWords.test(option))
              bare.push(`${path}: ${option}`);
        visit(field.fields as CmsField[] | undefined, path);
        if (field.field) visit([field.field as CmsField], path);
        for (const type of (field.types as CmsField[] | undefined) ?? [])
          visit(type.fields as CmsField[], `${path}[${type.name}]`);
      }
    };
    for (const collection of generated) {
      visit(collection.fields, collection.name);
      for (const file of collection.files ?? []) visit(file.fields, collection.name);
    }
    expect(bare).toEqual([]);
  });

  it('names the field that has no label', () => {
    const schema = z.object({ title: z.string(), zzNoLabel: z.string() });
    const result = editorConfig(
      [{ name: 'blog', schema, entries: [{ file: 'src/content/x/a.yaml', data: {} }] }],
      OPTIONS,
    );
    expect(result.missingLabels).toEqual(['blog: zzNoLabel']);
  });

  it('edits every collection that has entries', () => {
    const withEntries = inputs.filter((input) => input.entries.length).map((input) => input.name);
    expect(generated.map((collection) => collection.name)).toEqual(withEntries);
  });

  it('signs in with a GitHub token; drafts are pull requests previewed by CI', () => {
    expect(config).toMatchObject({
      backend: {
        name: 'github',
        repo: 'o/r',
        branch: 'main',
        auth_methods: ['token'],
        preview_context: PREVIEW_STATUS_CONTEXT,
      },
      publish_mode: 'editorial_workflow',
      output: { omit_empty_optional_fields: true },
      media_libraries: { stock_assets: false },
    });
    expect(config.backend).not.toHaveProperty('base_url');
    // Without CMS_GITHUB_API_ROOT (production), Sveltia keeps its default, api.github.com.
    expect(config.backend).not.toHaveProperty('api_root');
    expect(config.backend).not.toHaveProperty('graphql_api_root');
    // The status the editor looks for is the one CI posts.
    expect(PREVIEW_STATUS_CONTEXT).toBe(STATUS_CONTEXT);
  });

  it('points the test build at the GitHub stand-in as GitHub Enterprise API roots', () => {
    const options = cmsOptions({ CMS_GITHUB_API_ROOT: 'http://127.0.0.1:4328' }, 'https://x.fr');
    expect(cmsOptions({}, 'https://x.fr')).not.toHaveProperty('apiRoot');
    const { config: test } = editorConfig(inputs, options);
    expect(test.backend).toMatchObject({
      api_root: 'http://127.0.0.1:4328/api/v3',
      graphql_api_root: 'http://127.0.0.1:4328/api/graphql',
    });
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(SVELTIA_SCHEMA);
    expect(validate(test)).toBe(true);
  });

  it('offers « Se connecter avec GitHub » first when a client ID is set', () => {
    const site = cmsOptions({ CMS_GITHUB_CLIENT_ID: 'Iv23demo' }, 'https://www.x.fr/');
    expect(editorConfig(inputs, site).config.backend).toMatchObject({
      base_url: 'https://www.x.fr',
      auth_endpoint: 'admin/auth',
      auth_methods: ['oauth', 'token'],
    });
    // The tests serve the sign-in at their own origin; a preview (no client ID) keeps the token.
    const test = { CMS_GITHUB_CLIENT_ID: 'Iv23demo', CMS_SIGNIN_ORIGIN: 'http://localhost:4322' };
    const { config } = editorConfig(inputs, cmsOptions(test, 'https://www.x.fr'));
    expect(config.backend).toMatchObject({ base_url: 'http://localhost:4322' });
    const validate = new Ajv({ strict: false, validateFormats: false }).compile(SVELTIA_SCHEMA);
    expect(validate(config)).toBe(true);
    expect(cmsOptions({ CMS_GITHUB_CLIENT_ID: ' ' }, 'https://x.fr')).not.toHaveProperty(
      'signinOrigin',
    );
  });

  it('is a configuration Sveltia CMS accepts (its own JSON Schema)', () => {
    const validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile(
      SVELTIA_SCHEMA,
    );
    const valid = validate(config);
    // The schema's anyOf/oneOf branches each report; the errors of the branch that failed suffice.
    expect(
      valid ||
        validate.errors!.map(
          (error) => `${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`,
        ),
    ).toBe(true);
    expect(validate({ ...config, local_backend: { url: 'http://localhost:8081/api/v1' } })).toBe(
      false,
    );
  });

  it('gives each zod type its widget', () => {
    const block = { title: z.string().optional() };
    const schema = z.object({
      title: z.string().min(1),
      description: z.string(),
      order: z.number().int().min(0).default(0),
      rating: z.number().min(1).max(5),
      draft: z.boolean().default(false),
      type: z.enum(['CDI', 'Stage']),
      columns: z.union([z.literal(2), z.literal(3)]).default(3),
      date: z.coerce.date(),
      skills: z.array(z.string()).min(1),
      links: z.array(z.object({ label: z.string(), href: z.string() })).default([]),
      meta: z.object({ title: z.string() }),
      photo: z
        .object({ src: z.string(), alt: z.string(), decorative: z.boolean().default(false) })
        .optional(),
      category: reference('faq'),
      figures: z.record(z.string(), z.string()),
      blocks: z.array(
        z.discriminatedUnion('type', [
          z.object({ type: z.literal('cta'), ...block, text: z.string() }),
          z.object({ type: z.literal('stats'), ...block }),
        ]),
      ),
    });
    const data = { figures: { projects: '50+' }, blocks: [] };
    const result = editorConfig(
      [
        {
          name: 'jobs',
          schema,
          entries: [
            { file: 'src/content/j/a.yaml', data },
            { file: 'src/content/j/b.yaml', data },
          ],
        },
      ],
      OPTIONS,
    );
    expect(result.missingLabels).toEqual([]);
    const fields = (result.config.collections as Collection[])[0].fields!;
    const byName = Object.fromEntries(
      fields.map(({ name, label: _label, ...rest }) => [name, rest]),
    );
    expect(byName).toEqual({
      title: { widget: 'string' },
      description: { widget: 'text' },
      order: { widget: 'number', value_type: 'int', min: 0, required: false, default: 0 },
      rating: { widget: 'number', value_type: 'float', min: 1, max: 5 },
      draft: { widget: 'boolean', required: false, default: false },
      type: { widget: 'select', options: ['CDI', 'Stage'] },
      columns: { widget: 'select', options: [2, 3], required: false, default: 3 },
      date: { widget: 'datetime', date_format: 'YYYY-MM-DD', time_format: false, picker_utc: true },
      skills: {
        widget: 'list',
        field: { name: 'item', label: 'Compétences', widget: 'string' },
        min: 1,
      },
      // A new entry starts it empty (the editor would add an item of its fields' defaults).
      links: {
        widget: 'list',
        required: false,
        default: [],
        fields: [
          { name: 'label', label: 'Libellé', widget: 'string' },
          { name: 'href', label: 'Lien', widget: 'string' },
        ],
      },
      meta: {
        widget: 'object',
        collapsed: false,
        fields: [{ name: 'title', label: 'Titre', widget: 'string' }],
      },
      // Optional: its fields are optional in the editor too (the build still requires them), with no
      // default that would write the object into every new entry.
      photo: {
        widget: 'object',
        collapsed: false,
        required: false,
        fields: [
          {
            name: 'src',
            label: 'Fichier de la photo (toute taille : le site la redimensionne)',
            widget: 'image',
            choose_url: false,
            required: false,
          },
          {
            name: 'alt',
            label: 'Description de la photo (ce qu’elle montre)',
            widget: 'string',
            required: false,
          },
          {
            name: 'decorative',
            label: 'Photo décorative (sans description)',
            widget: 'boolean',
            required: false,
          },
        ],
      },
      category: {
        widget: 'relation',
        collection: 'faq',
        value_field: '{{slug}}',
        search_fields: ['{{slug}}'],
        display_fields: ['{{slug}}'],
      },
      figures: {
        widget: 'object',
        collapsed: true,
        fields: [{ name: 'projects', label: 'projects', widget: 'string', required: false }],
      },
      blocks: {
        widget: 'list',
        typeKey: 'type',
        types: [
          {
            name: 'cta',
            label: 'Appel à l’action',
            widget: 'object',
            fields: [
              { name: 'title', label: 'Titre', widget: 'string', required: false },
              { name: 'text', label: 'Texte', widget: 'text' },
            ],
          },
          {
            name: 'stats',
            label: 'Chiffres clés',
            widget: 'object',
            fields: [{ name: 'title', label: 'Titre', widget: 'string', required: false }],
          },
        ],
      },
    });
  });

  it('never writes a group without fields, which the editor refuses', () => {
    const groups = (fields: CmsField[]): CmsField[] =>
      fields.flatMap((field) => [
        ...(Array.isArray(field.fields) ? [field, ...groups(field.fields as CmsField[])] : []),
        ...(Array.isArray(field.types) ? groups(field.types as CmsField[]) : []),
      ]);
    const all = generated.flatMap((collection) =>
      groups(collection.fields ?? collection.files!.flatMap((file) => file.fields)),
    );
    expect(all.length).toBeGreaterThan(0);
    expect(all.filter((field) => (field.fields as CmsField[]).length === 0)).toEqual([]);
    const schema = z.object({ title: z.string(), labels: z.record(z.string(), z.string()) });
    const result = editorConfig(
      [{ name: 'jobs', schema, entries: [{ file: 'src/content/j/a.yaml', data: { labels: {} } }] }],
      OPTIONS,
    );
    expect(
      (result.config.collections as Collection[])[0].files![0].fields.map((f) => f.name),
    ).toEqual(['title']);
  });

  it('stops naming the field whose schema no widget shows', () => {
    const schema = z.object({ title: z.string(), size: z.bigint() });
    const input = { name: 'jobs', schema, entries: [{ file: 'src/content/j/a.yaml', data: {} }] };
    expect(() => editorConfig([input], OPTIONS)).toThrow(
      /jobs\.size has a schema the editor cannot show .*src\/cms\/widgets\.ts/,
    );
  });

  it('recognises Astro references and the collection they point to', () => {
    expect(referencedCollection(reference('blog'))).toBe('blog');
    expect(referencedCollection(z.string())).toBeUndefined();
  });
});

/** What a relation field can store for each entry of a collection: file names or a field's values. */
function entryNames(collection: string, valueField: string): unknown[] {
  const input = inputs.find((candidate) => candidate.name === collection);
  return (input?.entries ?? []).map(({ file, data }) =>
    valueField === '{{slug}}'
      ? file.slice(file.lastIndexOf('/') + 1, file.lastIndexOf('.'))
      : (data as Record<string, unknown>)[valueField],
  );
}

/** Problems of one value against the form field that edits it ("" when the field can hold it). */
function mismatches(
  field: Omit<CmsField, 'name' | 'label'>,
  value: unknown,
  path: string,
): string[] {
  if (value === undefined || value === null) return [];
  const fail = (what: string) => [`${path}: ${what} edited by a ${field.widget} field`];
  switch (field.widget) {
    case 'string':
    case 'text':
    case 'markdown':
      return typeof value === 'string' ? [] : fail(typeof value);
    case 'relation': {
      const names = [value].flat();
      if (Array.isArray(value) !== Boolean(field.multiple)) return fail(typeof value);
      const known = entryNames(field.collection as string, field.value_field as string);
      return names.flatMap((name) =>
        known.includes(name as string)
          ? []
          : [`${path}: ${name} is no entry of ${field.collection}`],
      );
    }
    case 'number':
      return typeof value === 'number' ? [] : fail(typeof value);
    case 'boolean':
      return typeof value === 'boolean' ? [] : fail(typeof value);
    case 'datetime':
      return value instanceof Date || /^\d{4}-\d{2}-\d{2}$/.test(String(value))
        ? []
        : fail(String(value));
    case 'select':
    case 'hidden':
      return (field.options as unknown[] | undefined)
        ?.map((option) =>
          option && typeof option === 'object' ? (option as { value: unknown }).value : option,
        )
        .includes(value) !== false
        ? []
        : fail(String(value));
    case 'object':
      return objectMismatches(field.fields as CmsField[], value, path);
    case 'list': {
      if (!Array.isArray(value)) return fail(typeof value);
      return value.flatMap((item, index) => {
        const at = `${path}[${index}]`;
        if (field.types) {
          const type = (field.types as CmsField[]).find(
            (t) => t.name === item?.[field.typeKey as string],
          );
          if (!type) return [`${at}: block type ${item?.[field.typeKey as string]} has no form`];
          const { [field.typeKey as string]: _type, ...rest } = item;
          return objectMismatches(type.fields as CmsField[], rest, at);
        }
        if (field.fields) return objectMismatches(field.fields as CmsField[], item, at);
        return mismatches(field.field as CmsField, item, at);
      });
    }
  }
  return fail('value');
}

function objectMismatches(fields: CmsField[], value: unknown, path: string): string[] {
  if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: not an object`];
  return Object.entries(value as object).flatMap(([key, child]) => {
    const field = fields.find((f) => f.name === key);
    const at = path ? `${path}.${key}` : key;
    return field
      ? mismatches(field, child, at)
      : [`${at}: no field in the editor (it would be lost)`];
  });
}

describe.each(inputs.filter((input) => input.entries.length))(
  'collection $name in the editor',
  (input) => {
    const fields = fieldsOf(input.name);

    it('has a form field, of the right kind, for every value of every file', () => {
      const problems = input.entries.flatMap(({ file, data }) =>
        objectMismatches(
          fields,
          { ...(data as object), ...(/\.mdx?$/.test(file) && { body: '' }) },
          file,
        ),
      );
      expect(problems).toEqual([]);
    });

    it('marks a field required exactly when the schema refuses a file without it', () => {
      const { data } = input.entries[0];
      const disagreements = fields
        .filter((field) => field.name !== 'body')
        .filter((field) => {
          const { [field.name]: _removed, ...without } = data as Record<string, unknown>;
          const refused = !input.schema.safeParse(without).success;
          return refused !== (field.required !== false);
        })
        .map((field) => `${input.name}.${field.name}`);
      expect(disagreements).toEqual([]);
    });
  },
);
