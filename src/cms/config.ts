/**
 * The Sveltia CMS configuration (`/admin/config.yml`, in Decap's format), generated from the zod
 * schemas of the content collections so the editor cannot drift from what the build accepts. Labels
 * come from one French map (`./labels`); a field without a label is reported, never guessed.
 */
import { collectionLabels } from './labels';
import { collectionFields, type CmsCollectionInput } from './fields';
import type { CmsField } from './widgets';
import { ROUTED_COLLECTIONS, routedCollections } from '../lib/content/routed-collections';

/** Options of the generated configuration. */
export interface CmsOptions {
  /** Public URL of the site (links from the editor to the page). */
  siteUrl: string;
  /** GitHub repository `owner/name` the production editor commits to. */
  repo: string;
  /** Branch the drafts are merged into. */
  branch: string;
  /**
   * Tests only: the origin of a GitHub stand-in, given to Sveltia as GitHub Enterprise's API roots
   * (`api_root`, `graphql_api_root`). Unset, the editor talks to api.github.com.
   */
  apiRoot?: string;
  /**
   * The origin whose Worker serves « Se connecter avec GitHub » (`/admin/auth`, src/worker/), when
   * the button is configured (CMS_GITHUB_CLIENT_ID). Unset, the editor offers the token only.
   */
  signinOrigin?: string;
}

/** What the generator returns: the configuration, and the labels missing from `./labels`. */
export interface CmsConfigResult {
  config: Record<string, unknown>;
  missingLabels: string[];
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
/**
 * The address of an entry's page, for the editor's « Voir sur le site » link (`{{slug}}`: its file
 * name): a page or a legal text at `/<slug>`, an entry of a routed collection under its prefix.
 */
export const PREVIEW_PATHS: Record<string, string> = {
  pages: '{{slug}}',
  legal: '{{slug}}',
  ...Object.fromEntries(
    routedCollections.map((name) => [name, `${ROUTED_COLLECTIONS[name].prefix.slice(1)}{{slug}}`]),
  ),
};

const extensionOf = (file: string) => file.slice(file.lastIndexOf('.') + 1);
const baseName = (file: string) => file.slice(file.lastIndexOf('/') + 1, file.lastIndexOf('.'));

/** Context of the commit status CI posts on each draft (scripts/lib/publish-status.mjs); its link is the preview. */
export const PREVIEW_STATUS_CONTEXT = 'Publication';

/** The folders of the entries, each with the collections that have entries there. */
function folderOwners(inputs: CmsCollectionInput[]): Map<string, Set<string>> {
  const owners = new Map<string, Set<string>>();
  for (const input of inputs)
    for (const entry of input.entries) {
      const set = owners.get(dirOf(entry.file)) ?? new Set();
      owners.set(dirOf(entry.file), set.add(input.name));
    }
  return owners;
}

/**
 * One collection of the editor: a folder collection (create and delete entries) for a folder the
 * collection has to itself with several entries; a file collection otherwise (settings, home page,
 * a page sharing its folder). None for a collection without entries.
 */
function collectionConfig(
  input: CmsCollectionInput,
  owners: Map<string, Set<string>>,
  missing: Set<string>,
): Record<string, unknown>[] {
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
}

/** Builds the editor's configuration from the collections. */
export function editorConfig(inputs: CmsCollectionInput[], options: CmsOptions): CmsConfigResult {
  const missing = new Set<string>();
  const owners = folderOwners(inputs);
  const collections = inputs.flatMap((input) => collectionConfig(input, owners, missing));
  const config = {
    app_title: 'Éditeur de contenu',
    backend: {
      name: 'github',
      repo: options.repo,
      branch: options.branch,
      // « Se connecter avec GitHub » first, through the site's own Worker (src/worker/signin.ts);
      // the token typed in the editor second, for developers (and the only way without the button).
      ...(options.signinOrigin
        ? {
            base_url: options.signinOrigin,
            auth_endpoint: 'admin/auth',
            auth_methods: ['oauth', 'token'],
          }
        : { auth_methods: ['token'] }),
      // The draft's preview is the link of CI's « Publication » status, plus the entry's preview_path.
      preview_context: PREVIEW_STATUS_CONTEXT,
      ...(options.apiRoot && {
        api_root: `${options.apiRoot}/api/v3`,
        graphql_api_root: `${options.apiRoot}/api/graphql`,
      }),
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
