import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Page } from '../../schemas/pages';

type Sortable = 'offers' | 'services' | 'projects' | 'consultations' | 'faq' | 'testimonials';

/** A page of `src/content/pages/<id>.yaml`; a missing file fails the build. */
export async function getPage(id: string): Promise<Page> {
  const entry = await getEntry('pages', id);
  if (!entry) throw new Error(`src/content/pages/${id}.yaml is missing.`);
  return entry.data;
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
