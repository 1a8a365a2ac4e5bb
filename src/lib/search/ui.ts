/**
 * The search forms' behaviour, loaded on the visitor's first sign of intent
 * (src/lib/page-scripts/layout.ts, `searchOnDemand`) from /recherche.js (src/pages/recherche.js.ts),
 * which runs `searchForm` once per form. These functions are written out as the source of that file, so
 * each must be self-contained: no imports, everything passed as a parameter.
 * Why: docs/decisions/search.md#interface-our-own-on-pagefindjs-loaded-on-intent.
 */

/** The French strings and suggestion links the search shows (src/lib/i18n/fr.ts `search`). */
export interface SearchLabels {
  one: string;
  many: string;
  none: string;
  suggest: string;
  all: string;
  failed: string;
  /** Said while the search's files load, before the first results. */
  searching: string;
  /** Links offered when nothing is found. */
  suggestions: { label: string; href: string }[];
}

/** Pagefind's files and settings (src/lib/search/paths.ts). */
export interface SearchSetup {
  /** URL of Pagefind's `pagefind.js`. */
  bundle: string;
  /** Pagefind's options (`pagefind.options`). */
  options: Record<string, unknown>;
}

/** A page found, as Pagefind gives it. */
interface FoundPage {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

/** The part of Pagefind's `pagefind.js` API this script uses. */
interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(query: string): Promise<void>;
  search(query: string): Promise<{ results: { data(): Promise<FoundPage> }[] }>;
}

/** What a query found: the number of pages and the first ones; `null` when the search failed. */
export type Found = { count: number; pages: FoundPage[] } | null;

/**
 * The results of `form`'s searches, under its field: a `role="status"` line says how many pages
 * were found, then each page's title as a link and its excerpt with the words found highlighted
 * (`<mark>`, from Pagefind); past the pages listed, a link to the search page with the query. When
 * nothing is found: « Aucun résultat » and links to the main sections. While the search's files
 * load (`'searching'`), the line says so and the list stays as it is.
 * @returns shows the results of `query` (nothing for an empty query)
 */
export function searchResults(
  form: HTMLFormElement,
  labels: SearchLabels,
): (query: string, found?: Found | 'searching') => void {
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'basis-full px-1 pt-4 text-sm font-medium text-muted empty:hidden';
  const list = document.createElement('ul');
  // A line of its own each, under the field and its button (the form is a flex row).
  list.className = 'basis-full';
  form.append(status, list);
  const item = (href: string, text: string, className: string) => {
    const anchor = document.createElement('a');
    anchor.href = href;
    anchor.textContent = text;
    anchor.className = `${className} text-accent-700 underline`;
    const li = document.createElement('li');
    li.className = 'rounded-lg px-3 py-2 hover:bg-accent-50';
    li.append(anchor);
    list.append(li);
    return li;
  };
  return (query, found) => {
    if (found === 'searching') {
      status.textContent = labels.searching;
      return;
    }
    list.replaceChildren();
    list.className = 'mt-2 space-y-1';
    status.textContent = !query ? '' : found === null ? labels.failed : '';
    if (!query || !found) return;
    if (found.count === 0) {
      status.textContent = `${labels.none.replace('{q}', query)} ${labels.suggest}`;
      for (const { label, href } of labels.suggestions) item(href, label, 'font-medium');
      list.className = 'mt-2 flex flex-wrap gap-1';
      return;
    }
    status.textContent =
      found.count === 1 ? labels.one : labels.many.replace('{n}', String(found.count));
    for (const page of found.pages) {
      const excerpt = document.createElement('p');
      excerpt.className = 'mt-1 text-sm text-muted [&_mark]:bg-accent-100 [&_mark]:text-ink';
      excerpt.innerHTML = page.excerpt; // Pagefind's excerpt: the page's own text, escaped, with <mark>
      item(page.url, page.meta.title ?? page.url, 'font-semibold').append(excerpt);
    }
    if (found.count > found.pages.length)
      item(`${form.action}?q=${encodeURIComponent(query)}`, labels.all, 'font-semibold');
  };
}

/**
 * Pagefind (`setup`), loaded and given its options once for every search form of the page: Pagefind
 * takes `noWorker` only before its first start, and warns of it as unknown at any later call. A load
 * that failed is tried again at the next call.
 */
export function pagefindLoader(setup: SearchSetup): () => Promise<Pagefind> {
  let pagefind: Promise<Pagefind> | undefined;
  return () =>
    (pagefind ??= (import(/* @vite-ignore */ setup.bundle) as Promise<Pagefind>)
      .then(async (api) => {
        await api.options(setup.options);
        await api.init();
        return api;
      })
      .catch((error: unknown) => {
        pagefind = undefined;
        throw error;
      }));
}

/**
 * Closes the popover `form` sits in (the header's search panel) on Escape: WebKit's search field
 * keeps that key to itself, only emptying the field, so the browser's own closing never comes.
 */
export function closePanelOnEscape(form: HTMLFormElement): void {
  const panel = form.closest<HTMLElement>('[popover]');
  form.addEventListener('keydown', (event) => {
    if (event.key == 'Escape') panel?.hidePopover();
  });
}

/**
 * Searches as the visitor types in `form`'s field and shows what is found (`results`). Pagefind
 * starts on the first focus, before the first key. One search runs at a time, of the field's latest
 * value: a key typed during a search starts the next one when it ends, and a query the field no
 * longer holds gets neither its excerpts fetched nor its results shown. The index chunks of each
 * new value start loading at once (`preload`). The form's `data-limit` caps the pages listed (5 by
 * default: one round of requests for their excerpts). An empty field outside a popover (the search
 * page's) takes the query of the address (`?q=`), if any.
 * @param form the search form (`[data-search]`): a `q` field
 * @param labels the strings shown
 * @param load {@link pagefindLoader}'s loader, shared by the page's forms
 * @param results {@link searchResults}, passed since this function is written out alone
 */
export function searchForm(
  form: HTMLFormElement,
  labels: SearchLabels,
  load: () => Promise<Pagefind>,
  results: typeof searchResults,
): void {
  const input = form.elements.namedItem('q') as HTMLInputElement | null;
  if (!input) return;
  const limit = Number(form.dataset.limit) || 5;
  const show = results(form, labels);
  let ready = false;
  const loaded = () => load().then((api) => ((ready = true), api));
  const value = () => input.value.trim();
  let shown: string | undefined;
  let busy = false;
  const update = async () => {
    if (busy) return;
    busy = true;
    for (let query = value(); query !== shown; query = value()) {
      shown = query;
      if (!query) {
        show(query);
        continue;
      }
      if (!ready) show(query, 'searching');
      try {
        const found = await (await loaded()).search(query);
        if (value() !== query) continue; // no excerpts fetched for a query typed over
        const pages = await Promise.all(found.results.slice(0, limit).map((page) => page.data()));
        if (value() === query) show(query, { count: found.results.length, pages });
      } catch {
        ready = false;
        show(query, null);
      }
    }
    busy = false;
  };
  input.addEventListener('input', () => {
    const query = value();
    if (query)
      loaded()
        .then((api) => api.preload(query))
        .catch(() => {});
    void update();
  });
  if (!input.value && !form.closest('[popover]'))
    input.value = new URLSearchParams(location.search).get('q') ?? '';
  loaded().catch(() => {});
  void update();
}
