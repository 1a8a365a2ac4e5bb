import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Page } from '../../schemas/pages';
import { pageRoutes, reservedPaths, type PageRoute } from './page-routes';

type Sortable =
  'offers' | 'services' | 'projects' | 'consultations' | 'faq' | 'testimonials' | 'team' | 'jobs';

/** A page of `src/content/pages/<id>.yaml`; a missing file fails the build. */
export async function getPage(id: string): Promise<Page> {
  return (await getPageEntry(id)).page;
}

/**
 * A page with its rendered Markdown text, if any: `src/content/pages/<id>.yaml`, or
 * `src/content/legal/<id>.md` for `collection: 'legal'`. A missing file fails the build.
 */
export async function getPageEntry(
  id: string,
  collection: 'pages' | 'legal' = 'pages',
): Promise<{ page: Page; file: string; html?: string }> {
  const entry = await getEntry(collection, id);
  const file = `src/content/${collection}/${id}.${collection === 'legal' ? 'md' : 'yaml'}`;
  if (!entry) throw new Error(`${file} is missing.`);
  return { page: entry.data, file, html: entry.rendered?.html };
}

/** The entries of a collection that `keep` accepts, sorted by `order` then id. */
export async function getSorted<C extends Sortable>(
  collection: C,
  keep: (entry: CollectionEntry<C>) => boolean = () => true,
): Promise<CollectionEntry<C>[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  return entries
    .filter(keep)
    .sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id));
}

/** Team members in their `order`. */
export const getTeam = async () => (await getSorted('team')).map((member) => member.data);

/** Job openings in their `order`. */
export const getJobs = async () => (await getSorted('jobs')).map((job) => job.data);

/** Every page built from a `pages` or `legal` entry, at its address (see src/lib/content/page-routes.ts). */
export async function getPageRoutes(): Promise<PageRoute[]> {
  const [pages, legal, services] = await Promise.all([
    getCollection('pages'),
    getCollection('legal'),
    getCollection('services'),
  ]);
  return pageRoutes(
    [...pages, ...legal],
    reservedPaths(
      process.cwd(),
      services.map((service) => service.id),
    ),
  );
}
