import { getSorted } from './entries';

/** The FAQ categories with these ids (src/content/faq/<id>.yaml), in the given order. */
export async function getFaqCategories(ids: string[]) {
  const entries = await getSorted('faq', (entry) => ids.includes(entry.id));
  return ids.map((id) => {
    const entry = entries.find((item) => item.id === id);
    if (!entry) throw new Error(`FAQ category "${id}" not found: add src/content/faq/${id}.yaml`);
    return entry.data;
  });
}
