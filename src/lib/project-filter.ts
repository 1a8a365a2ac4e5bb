/** Name of the query parameter that carries the chosen category on /nos-realisations. */
export const CATEGORY_PARAM = 'categorie';
/** The "every category" choice; it is never written to the URL. */
export const ALL = 'all';

/**
 * The category chosen in a query string, or `all` when it is missing or not one of `known`.
 * @example categoryFromSearch('?categorie=e-commerce', ['e-commerce']) === 'e-commerce'
 */
export function categoryFromSearch(search: string, known: readonly string[]): string {
  const value = new URLSearchParams(search).get(CATEGORY_PARAM);
  return value && known.includes(value) ? value : ALL;
}

/** The query string for a choice, keeping other parameters; `all` removes the parameter. */
export function searchWithCategory(search: string, category: string): string {
  const params = new URLSearchParams(search);
  if (category === ALL) params.delete(CATEGORY_PARAM);
  else params.set(CATEGORY_PARAM, category);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether an item of `itemCategory` is shown when `category` is chosen. */
export function matchesCategory(itemCategory: string, category: string): boolean {
  return category === ALL || itemCategory === category;
}

/** The items of the chosen category (every item for `all`). */
export function filterByCategory<T extends { category: string }>(
  items: readonly T[],
  category: string,
): T[] {
  return items.filter((item) => matchesCategory(item.category, category));
}
