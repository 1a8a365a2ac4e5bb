/**
 * Which URL each page entry gets. Every entry of `src/content/pages/*.yaml` and
 * `src/content/legal/*.md` is a page at `/<slug>` (its `slug` field, else its file name; `index` is
 * `/`), built by the one route src/pages/[...page].astro, unless it is a draft. The URL must not be
 * taken by another route: the other files and folders of src/pages, the offer pages of
 * src/content/services, the files of public/ and what the build writes itself (/admin, /og, /_astro).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ContentError } from '../content-pipeline/errors';

/** Entries that are the copy of a route with code of its own (pagination), not pages of their own. */
export const LISTING_COPY: Record<string, string> = { blog: 'src/pages/blog/' };

/** Top-level paths the build writes itself: the editor, the share images, the bundled assets. */
const BUILD_PATHS = ['admin', 'og', '_astro'];

/** The file of the generated route and the offer pages' route (which reserve no fixed path). */
const DYNAMIC_ROUTE = /^\[/;

export interface PageEntryRef {
  collection: 'pages' | 'legal';
  id: string;
  filePath?: string;
  data: { slug?: string; draft: boolean };
}

export interface PageRoute {
  collection: 'pages' | 'legal';
  id: string;
  /** `/`, `/a-propos`… */
  path: string;
  file: string;
}

/** The file an entry comes from, as a copywriter finds it. */
export const entryFile = (entry: PageEntryRef) =>
  entry.filePath ??
  `src/content/${entry.collection}/${entry.id}.${entry.collection === 'legal' ? 'md' : 'yaml'}`;

/**
 * The URL of a page entry: `/` + its id (`index` → `/`). Astro's glob loader makes the id of the
 * `slug` field when the entry has one, else of the file name.
 */
export function pagePath(entry: Pick<PageEntryRef, 'id'>): string {
  return entry.id === 'index' ? '/' : `/${entry.id}`;
}

/**
 * The paths other routes own, each with what owns it: `exact` paths, `prefix` folders (the folder
 * itself and everything under it) and `below` folders (only what is under it).
 * @param root the project folder
 * @param services ids of src/content/services (one offer page each at `/<id>`)
 */
export function reservedPaths(root: string, services: readonly string[]) {
  const exact = new Map<string, string>();
  const prefix = new Map<string, string>();
  const below = new Map<string, string>();
  const pagesDir = join(root, 'src/pages');
  for (const entry of readdirSync(pagesDir, { withFileTypes: true })) {
    if (DYNAMIC_ROUTE.test(entry.name)) continue;
    const owner = `src/pages/${entry.name}`;
    if (entry.isDirectory()) {
      // The folder's own address is taken only when a route in it answers there (blog/[...page]).
      const answersAtFolder = readdirSync(join(pagesDir, entry.name)).some((name) =>
        /^(index\.|\[\.\.\.)/.test(name),
      );
      (answersAtFolder ? prefix : below).set(`/${entry.name}`, owner);
    } else exact.set(`/${entry.name.replace(/\.(astro|md|mdx|ts|js)$/, '')}`, owner);
  }
  const publicDir = join(root, 'public');
  if (existsSync(publicDir))
    for (const entry of readdirSync(publicDir, { withFileTypes: true }))
      (entry.isDirectory() ? prefix : exact).set(`/${entry.name}`, `public/${entry.name}`);
  for (const path of BUILD_PATHS) prefix.set(`/${path}`, 'la construction du site');
  for (const id of services) exact.set(`/${id}`, `src/content/services/${id}.yaml`);
  return { exact, prefix, below };
}

/**
 * The page routes of the entries: drafts and listing copy left out; a URL taken by another route
 * or by two entries fails with every such clash listed, in French.
 */
export function pageRoutes(
  entries: readonly PageEntryRef[],
  reserved: ReturnType<typeof reservedPaths>,
): PageRoute[] {
  const routes: PageRoute[] = [];
  const problems: string[] = [];
  const broken: string[] = [];
  const taken = new Map<string, string>();
  const sorted = [...entries].sort((a, b) => entryFile(a).localeCompare(entryFile(b)));
  for (const entry of sorted) {
    const file = entryFile(entry);
    if (entry.collection === 'pages' && LISTING_COPY[entry.id]) continue;
    if (entry.data.draft) continue;
    const path = pagePath(entry);
    const owner =
      reserved.exact.get(path) ??
      [...reserved.prefix].find(
        ([folder]) => path === folder || path.startsWith(`${folder}/`),
      )?.[1] ??
      [...reserved.below].find(([folder]) => path.startsWith(`${folder}/`))?.[1] ??
      taken.get(path);
    if (owner) {
      const field = entry.data.slug ? ['slug'] : [];
      const how = entry.data.slug
        ? 'Choisissez un autre « slug »'
        : 'Renommez le fichier (ou ajoutez un champ « slug: … »)';
      broken.push(file);
      problems.push(
        new ContentError(
          file,
          field,
          `l’adresse ${path} est déjà prise par ${owner}. ${how} : deux pages ne peuvent pas avoir la même adresse`,
        ).message,
      );
      continue;
    }
    taken.set(path, file);
    routes.push({ collection: entry.collection, id: entry.id, path, file });
  }
  if (problems.length) throw new ContentError(broken[0], problems);
  return routes;
}
