/**
 * The portfolio's project filter (/nos-realisations): server HTML and a small inline script.
 * Why: docs/decisions/interaction.md#project-filter-server-html-and-a-small-inline-script.
 */
/** The "every category" choice. */
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
 * `role="status"` line; cards are `[data-category]` elements. The choice is not kept in the address:
 * the bytes went to the display face (docs/decisions/interaction.md#project-filter-server-html-and-a-small-inline-script).
 * Self-contained (no imports): everything it needs is a parameter.
 */
export function enableProjectFilter(root: HTMLElement, all: string): void {
  const buttons = root.querySelectorAll<HTMLElement>('button[data-filter]');
  root.addEventListener('click', (event) => {
    const chosen = (event.target as Element).closest<HTMLElement>('button[data-filter]');
    if (!chosen) return;
    const category = chosen.dataset.filter!;
    for (const button of buttons) button.ariaPressed = `${button == chosen}`;
    for (const card of root.querySelectorAll<HTMLElement>('[data-category]'))
      card.hidden = category != all && card.dataset.category != category;
    root.querySelector('[role=status]')!.textContent = chosen.dataset.status!;
  });
}
