import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { getSettings } from '../settings';
import { fillPlaceholders, placeholderSource as sourceFrom } from '../placeholders';
import type { OfferPage } from '../../schemas/offers';

type Sortable = 'offers' | 'services' | 'projects' | 'consultations' | 'faq' | 'testimonials';

/** Settings as the source of `{…}` placeholders in content. */
async function placeholderSource() {
  return sourceFrom(await getSettings());
}

/** A page of `src/content/offer-pages/<id>.yaml`, placeholders filled; a missing file fails the build. */
export async function getOfferPage(id: string): Promise<OfferPage> {
  const entry = await getEntry('offerPages', id);
  if (!entry) throw new Error(`src/content/offer-pages/${id}.yaml is missing.`);
  return fillPlaceholders(
    entry.data,
    await placeholderSource(),
    `src/content/offer-pages/${id}.yaml`,
  );
}

/** The entries of a collection that `keep` accepts, sorted by `order` then id, placeholders filled. */
export async function getSorted<C extends Sortable>(
  collection: C,
  keep: (entry: CollectionEntry<C>) => boolean = () => true,
): Promise<CollectionEntry<C>[]> {
  const source = await placeholderSource();
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  return entries
    .filter(keep)
    .sort((a, b) => a.data.order - b.data.order || a.id.localeCompare(b.id))
    .map((entry) => ({
      ...entry,
      data: fillPlaceholders(entry.data, source, `src/content/${collection}/${entry.id}.yaml`),
    }));
}
