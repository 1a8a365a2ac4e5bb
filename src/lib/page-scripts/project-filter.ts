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
 * `role="status"` line; cards are `[data-category]` elements. The choice is kept in the address's
 * fragment (`#sites-web`, replacing the entry, not adding one; no element has such an id, so nothing
 * scrolls), so Back brings it back and the
 * address can be shared; the page opens on the choice its fragment names
 * (docs/decisions/interaction.md#project-filter-server-html-and-a-small-inline-script).
 * Self-contained (no imports): everything it needs is a parameter.
 */
export function enableProjectFilter(root: HTMLElement, all: string): void {
  const buttons = root.querySelectorAll<HTMLElement>('[data-filter]');
  // A button holds its label only: the click's target is the button itself.
  root.onclick = ({ target }) => {
    const category = (target as HTMLElement).dataset.filter;
    if (!category) return;
    // A boolean: the property writes it as « true » or « false » (fewer bytes than a string).
    for (const button of buttons) button.ariaPressed = (button == target) as unknown as string;
    for (const card of root.querySelectorAll<HTMLElement>('[data-category]'))
      card.hidden = category != all && card.dataset.category != category;
    root.querySelector('[role=status]')!.textContent = (target as HTMLElement).dataset.status!;
    location.replace('#' + category);
  };
  for (const button of buttons) if (location.hash == '#' + button.dataset.filter) button.click();
}
