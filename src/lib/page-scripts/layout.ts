import { CAMPAIGN_STORAGE_KEY } from '../contact/lead-source';
import { SEARCH_FILES_ID, SEARCH_SCRIPT } from '../search/paths';
import { NAV_SCROLL_THRESHOLD } from './navbar';

/** The popover polyfill, for browsers without `popover` (src/pages/popover.js.ts). */
export const POPOVER_POLYFILL = '/popover.js';

/** Fraction of an element that must be visible before it is revealed. */
export const REVEAL_THRESHOLD = 0.1;

// These functions are written out into every page as one inline script (see `inlinePageScript`), so
// each must be self-contained: no imports, everything it needs passed as a parameter.

/**
 * Keeps `data-nav-solid` on <html> in step with the scroll position (opaque strictly above
 * `threshold` px). The first reading waits for the next frame, where the browser lays the page out
 * anyway: read while the script runs, at the end of the document, the position forced a layout of
 * the whole page on top of the one the frame does. A page opens at its top, so the first frame is
 * right; a page opened scrolled (a fragment, a restored position) gets a scroll event.
 */
export function watchNavScroll(root: HTMLElement, threshold: number): void {
  const update = () => root.toggleAttribute('data-nav-solid', scrollY > threshold);
  requestAnimationFrame(update);
  addEventListener('scroll', update, { passive: true });
}

/**
 * Reveals `[data-reveal]` elements as they enter the viewport. The observer's first report says
 * which are off screen: those only are hidden (`reveal-pending`), and each fades in (that class
 * replaced by `is-revealed`,
 * src/styles/global.css) once it intersects, so nothing on screen ever disappears and the script
 * never reads the layout itself. Without JavaScript everything stays visible (every browser of the
 * floor, docs/decisions/look.md#the-browser-floor, has IntersectionObserver).
 */
export function revealOnScroll(threshold: number): void {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        if (!isIntersecting) {
          target.classList.add('reveal-pending');
          continue;
        }
        target.classList.replace('reveal-pending', 'is-revealed');
        observer.unobserve(target);
      }
    },
    { threshold },
  );
  for (const element of document.querySelectorAll('[data-reveal]')) observer.observe(element);
}

/**
 * Completes the native popover menu: closes it when a link in it is followed and when focus leaves it
 * for anything but its toggle (so focus is never hidden under the open menu, WCAG 2.4.11).
 */
export function closeMenuOnLeave(menu: HTMLElement): void {
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) menu.hidePopover();
  });
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Element | null;
    if (next && !menu.contains(next) && next.getAttribute('popovertarget') != menu.id)
      menu.hidePopover();
  });
}

/**
 * Loads the search on intent, never before: the first hover, touch or focus of the search button or
 * a search form (`[data-search]`; `/` opens the header's panel, whose field takes the focus), or at
 * once on a page whose content has a search form and whose address a query (`?q=`: the search page,
 * the form sent). Loading is one round of requests: the search script (`script`,
 * src/pages/recherche.js.ts, which binds every search form of the page) and, from the `files`
 * template, the preload links of Pagefind's code, entry and WebAssembly, which the script would
 * otherwise ask for only once it runs (moved out of the template, they are added once). `/` typed
 * anywhere but in a form's controls (every field of the site is in a form) opens the header's search
 * panel (`panel`).
 */
export function searchOnDemand(
  panel: HTMLElement,
  files: HTMLTemplateElement,
  script: string,
): void {
  const load = () => {
    document.head.append(files.content);
    import(/* @vite-ignore */ script);
  };
  for (const type of ['pointerover', 'focusin'])
    addEventListener(type, (event) => {
      if ((event.target as Element).closest('[data-search]')) load();
    });
  addEventListener('keydown', (event) => {
    if (event.key == '/' && !(event.target as HTMLInputElement).form) {
      event.preventDefault();
      panel.showPopover();
    }
  });
  if (/[?&]q=/.test(location.search) && document.querySelector('main [data-search]')) load();
}

/**
 * Keeps the query string of the page's address in sessionStorage under `key` when it has a campaign
 * field (`utm_…`), replacing an earlier one, so that the contact form sends the campaign from any
 * later page of the session (src/lib/contact/lead-source.ts reads it). No cookie.
 */
export function keepCampaign(key: string): void {
  try {
    if (/[?&]utm_/.test(location.search)) sessionStorage.setItem(key, location.search);
  } catch {
    // storage blocked by the browser's settings: the lead is sent without its campaign
  }
}

/**
 * Enables the stylesheet links the build left `disabled` (the browser fetches a disabled stylesheet
 * only when it is enabled; src/integrations/page-css.ts) once the page has loaded and had its first
 * contentful paint (Paint Timing): a short page can fire `load` before it paints, and the
 * stylesheet then competed with that paint.
 */
export function enableStylesheets(): void {
  addEventListener('load', () =>
    new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint')[0])
        for (const link of document.querySelectorAll('link[disabled]'))
          link.removeAttribute('disabled');
    }).observe({ type: 'paint', buffered: true }),
  );
}

/**
 * Selectors of the states the page's inline scripts set from the first frames (elements waiting to
 * be revealed or revealed, the solid navigation bar, the display face): their CSS rules stay inline
 * in every page although no built page carries them (src/integrations/page-css.ts).
 */
export const PAGE_SCRIPT_STATES: RegExp[] = [
  /\.reveal-pending(?![\w-])/,
  /\.is-revealed(?![\w-])/,
  /\[data-nav-solid\]/,
  // The display face, turned on by the head's script (src/lib/page-scripts/display-face.ts).
  /\[data-face\]/,
];

/**
 * The inline script of every page: the popover polyfill where needed, navigation bar state, scroll
 * reveal, menu and search panel completion, search on demand, campaign, stylesheet.
 */
export function inlinePageScript(): string {
  return [
    // The popover polyfill, in a browser without `popover` only (Safari/iOS before 17, Chrome
    // before 114), where the menu and search panels would otherwise never open.
    `"popover"in HTMLElement.prototype||import(${JSON.stringify(POPOVER_POLYFILL)})`,
    `(${watchNavScroll})(document.documentElement,${NAV_SCROLL_THRESHOLD})`,
    `(${revealOnScroll})(${REVEAL_THRESHOLD})`,
    `for(const popover of document.querySelectorAll("[popover]"))(${closeMenuOnLeave})(popover)`,
    `(${searchOnDemand})(document.getElementById("recherche-panneau"),document.getElementById(${JSON.stringify(SEARCH_FILES_ID)}),${JSON.stringify(SEARCH_SCRIPT)})`,
    `(${keepCampaign})(${JSON.stringify(CAMPAIGN_STORAGE_KEY)})`,
    `(${enableStylesheets})()`,
  ].join(';\n');
}
