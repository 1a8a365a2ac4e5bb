/**
 * The search forms' behaviour, loaded on a form's first focus (`searchOnDemand`,
 * src/lib/page-scripts/layout.ts) from /recherche.js (src/pages/recherche.js.ts), which runs it
 * once per form. src/lib/search/script.ts writes these functions out as that file's source, so
 * they import nothing. Why: docs/decisions/search.md#interface-our-own-on-pagefindjs-loaded-on-first-focus.
 */

/** The French strings and suggestion links the search shows (src/lib/i18n/fr.ts `search`). */
export interface SearchLabels {
  one: string;
  many: string;
  none: string;
  suggest: string;
  all: string;
  failed: string;
  /** Links offered when nothing is found. */
  suggestions: { label: string; href: string }[];
}

/** The part of Pagefind's `pagefind.js` API this script uses. */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  preload(query: string): Promise<void>;
  search(query: string): Promise<{
    results: { data(): Promise<{ url: string; excerpt: string; meta: { title?: string } }> }[];
  }>;
}

/** Appends to `list` one item holding `child`. */
export function searchItem(list: HTMLElement, child: Node): HTMLLIElement {
  const li = document.createElement('li');
  li.className = 'rounded-lg px-3 py-2 hover:bg-accent-50';
  li.append(child);
  list.append(li);
  return li;
}

/** A link of the results. */
export function searchLink(href: string, text: string, className: string): HTMLAnchorElement {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.textContent = text;
  anchor.className = className;
  return anchor;
}

/**
 * Lists the pages found for `query` under the form: the title as a link and Pagefind's excerpt,
 * the count in the status line, and past the form's limit a link to the search page; when nothing
 * is found, « Aucun résultat » and the suggestion links.
 */
export function searchResults(
  parts: { form: HTMLFormElement; status: HTMLElement; list: HTMLElement },
  labels: SearchLabels,
  query: string,
  found: { count: number; pages: { url: string; excerpt: string; meta: { title?: string } }[] },
): void {
  const { form, status, list } = parts;
  const { count, pages } = found;
  const strong = 'font-semibold text-accent-700 underline';
  list.replaceChildren();
  if (count === 0) {
    status.textContent = `${labels.none.replace('{q}', query)} ${labels.suggest}`;
    for (const { label, href } of labels.suggestions)
      searchItem(list, searchLink(href, label, 'font-medium text-accent-700 underline'));
    list.className = 'mt-2 flex flex-wrap gap-1';
    return;
  }
  list.className = 'mt-2 space-y-1';
  status.textContent = count === 1 ? labels.one : labels.many.replace('{n}', String(count));
  for (const page of pages) {
    const excerpt = document.createElement('p');
    excerpt.className = 'mt-1 text-sm text-muted [&_mark]:bg-accent-100 [&_mark]:text-ink';
    excerpt.innerHTML = page.excerpt; // Pagefind's excerpt: the page's own text, escaped, with <mark>
    searchItem(list, searchLink(page.url, page.meta.title ?? page.url, strong)).append(excerpt);
  }
  if (count > pages.length)
    searchItem(
      list,
      searchLink(`${form.action}?q=${encodeURIComponent(query)}`, labels.all, strong),
    );
}

/**
 * Searches as the visitor types in `form`'s field and lists the pages found under it
 * (`searchResults`). The form's `data-limit` caps the results listed. The index chunks of a query
 * load as it is typed; the search runs 150 ms after the last key. An empty field outside a popover
 * (the search page's) takes the query of the address (`?q=`), if any.
 * @param form the search form (`[data-search]`): a `q` field
 * @param labels the strings shown
 * @param bundle URL of Pagefind's `pagefind.js`
 */
export function searchForm(form: HTMLFormElement, labels: SearchLabels, bundle: string): void {
  const input = form.elements.namedItem('q') as HTMLInputElement | null;
  if (!input) return;
  const limit = Number(form.dataset.limit) || 5;
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'px-1 pt-4 text-sm font-medium text-muted empty:hidden';
  const list = document.createElement('ul');
  list.className = 'mt-2 space-y-1';
  form.append(status, list);
  let pagefind: Promise<Pagefind> | undefined;
  const load = () =>
    (pagefind ??= (import(/* @vite-ignore */ bundle) as Promise<Pagefind>).then(async (api) => {
      // On the main thread: a worker fetches a second copy of Pagefind's code.
      await api.options({ excerptLength: 24, noWorker: true });
      return api;
    }));
  const show = async () => {
    const query = input.value.trim();
    if (!query) {
      status.textContent = '';
      list.replaceChildren();
      return;
    }
    let found;
    try {
      found = await (await load()).search(query);
    } catch {
      pagefind = undefined;
      status.textContent = labels.failed;
      list.replaceChildren();
      return;
    }
    if (input.value.trim() !== query) return; // a newer query is on its way
    const pages = await Promise.all(found.results.slice(0, limit).map((result) => result.data()));
    if (input.value.trim() !== query) return;
    searchResults({ form, status, list }, labels, query, { count: found.results.length, pages });
  };
  let typing: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    // The index chunks of the words typed so far load while the visitor types.
    if (input.value.trim())
      load().then(
        (api) => api.preload(input.value.trim()),
        () => {},
      );
    clearTimeout(typing);
    typing = setTimeout(show, 150);
  });
  if (!input.value && !form.closest('[popover]'))
    input.value = new URLSearchParams(location.search).get('q') ?? '';
  void load();
  void show();
}
