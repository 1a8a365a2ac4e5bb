/**
 * What guides a reader through a post or a project page, chosen at build time from the content (no
 * copywriter sets it): the table of contents, the related entries and the previous/next links.
 * Pure functions, so the routes stay thin and the unit tests need no build
 * (docs/decisions/blog.md#table-of-contents-from-3-h2-sections-two-placements-no-script says why these thresholds).
 */

/** A post gets a table of contents from this many h2 sections on. */
export const TOC_MIN_SECTIONS = 3;

/** Related entries at the end of a post or a project page (fewer when there are fewer others). */
export const RELATED_COUNT = 3;

/** A heading as Astro's `render()` gives it (`headings`): depth 1–6, its id, its text. */
export interface Heading {
  depth: number;
  slug: string;
  text: string;
}

/** One line of a table of contents: an h2 section and the h3 sub-sections under it. */
export interface TocSection {
  slug: string;
  text: string;
  children: { slug: string; text: string }[];
}

/**
 * The table of contents of a text: its h2 headings, each with the h3 headings that follow it; empty
 * below {@link TOC_MIN_SECTIONS} h2 sections. An h3 before the first h2 is a section of its own.
 * @example tableOfContents([{ depth: 2, slug: 'a', text: 'A' }]) // [] (one section only)
 */
export function tableOfContents(headings: readonly Heading[]): TocSection[] {
  const sections: TocSection[] = [];
  for (const { depth, slug, text } of headings) {
    const last = sections.at(-1);
    if (depth === 2 || (depth === 3 && !last)) sections.push({ slug, text, children: [] });
    else if (depth === 3) last!.children.push({ slug, text });
  }
  const h2Count = headings.filter((heading) => heading.depth === 2).length;
  return h2Count >= TOC_MIN_SECTIONS ? sections : [];
}

/**
 * The entries before and after position `index` of a list in reading order (undefined at its ends).
 * @example adjacent(['a', 'b', 'c'], 0) // { previous: undefined, next: 'b' }
 */
export function adjacent<T>(list: readonly T[], index: number): { previous?: T; next?: T } {
  return { previous: list[index - 1], next: list[index + 1] };
}

/**
 * For each entry of `list` (given in order of preference, e.g. newest first), up to `count` other
 * entries: those of its own group first, then any other, each in list order; never itself. Linear in
 * the list's length: each pick walks at most `2 × count + 1` entries of its group and of the list, so
 * 1,000 posts cost a few thousand steps, not a million.
 * @example relatedByGroup(['a1', 'b1', 'a2'], (s) => s[0], 1) // [['a2'], ['a1'], ['a1']]
 */
export function relatedByGroup<T>(
  list: readonly T[],
  groupOf: (entry: T) => string,
  count = RELATED_COUNT,
): T[][] {
  const groups = new Map<string, T[]>();
  for (const entry of list) {
    const group = groups.get(groupOf(entry));
    if (group) group.push(entry);
    else groups.set(groupOf(entry), [entry]);
  }
  return list.map((entry) => {
    const chosen: T[] = [];
    for (const pool of [groups.get(groupOf(entry))!, list]) {
      for (const other of pool) {
        if (chosen.length === count) break;
        if (other !== entry && !chosen.includes(other)) chosen.push(other);
      }
    }
    return chosen;
  });
}

/**
 * For each entry of `list` (in its display order), up to `count` others ranked by `affinity` (higher
 * first; ties keep the list order), never itself. Quadratic: for short lists such as the projects.
 * @example relatedByAffinity([1, 2, 10], (a, b) => -Math.abs(a - b), 1) // [[2], [1], [2]]
 */
export function relatedByAffinity<T>(
  list: readonly T[],
  affinity: (entry: T, other: T) => number,
  count = RELATED_COUNT,
): T[][] {
  return list.map((entry) =>
    list
      .filter((other) => other !== entry)
      .map((other, order) => ({ other, order, score: affinity(entry, other) }))
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, count)
      .map(({ other }) => other),
  );
}
