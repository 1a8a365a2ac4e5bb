/**
 * The portfolio's project filter (/nos-realisations): server HTML and a small inline script.
 * Why: docs/decisions/interaction.md#project-filter-server-html-and-a-small-inline-script.
 */
/** Name of the query parameter that carries the chosen category on /nos-realisations. */
export const CATEGORY_PARAM = 'categorie';
/** The "every category" choice; it is never written to the URL. */
export const ALL = 'all';

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

/**
 * Makes the server-rendered project filter work, with no framework: written into the page as an
 * inline script right after the filter, so it works on the first tap. Each `button[data-filter]`
 * carries its category slug and, in `data-status`, the count text to announce in the filter's
 * `role="status"` line; cards are `[data-category]` elements. The choice lives in `?{param}=`
 * (history.replaceState, other parameters kept, `all` removes it), so a filtered view can be shared
 * and survives a reload; an unknown value means all. Self-contained (no imports): everything it needs
 * is a parameter. Every byte of it is inline on the page: kept short (tests/build/script-budgets.test.ts).
 */
export function enableProjectFilter(root: HTMLElement, param: string, all: string): void {
  const buttons = root.querySelectorAll<HTMLElement>('button[data-filter]');
  const choose = (button: HTMLElement, remember?: boolean) => {
    const category = button.dataset.filter!;
    for (const other of buttons) other.ariaPressed = `${other == button}`;
    for (const card of root.querySelectorAll<HTMLElement>('[data-category]'))
      card.hidden = category != all && card.dataset.category != category;
    root.querySelector('[role=status]')!.textContent = button.dataset.status!;
    if (remember) {
      const url = new URL(location.href);
      if (category == all) url.searchParams.delete(param);
      else url.searchParams.set(param, category);
      history.replaceState(history.state, '', url);
    }
  };
  const chosen = new URLSearchParams(location.search).get(param);
  for (const button of buttons) if (button.dataset.filter == chosen) choose(button);
  root.addEventListener('click', (event) => {
    const button = (event.target as Element).closest<HTMLElement>('button[data-filter]');
    if (button) choose(button, true);
  });
}
