import { CAMPAIGN_STORAGE_KEY } from './lead-source';
import { NAV_SCROLL_THRESHOLD } from './navbar';

/** Fraction of an element that must be visible before it is revealed. */
export const REVEAL_THRESHOLD = 0.1;

// These functions are written out into every page as one inline script (see `inlinePageScript`), so
// each must be self-contained: no imports, everything it needs passed as a parameter.

/**
 * Keeps `data-nav-solid` on <html> in step with the scroll position (opaque strictly above
 * `threshold` px), so the fixed navigation bar is right from the first frame.
 */
export function watchNavScroll(
  root: HTMLElement = document.documentElement,
  threshold: number = NAV_SCROLL_THRESHOLD,
): void {
  const update = () => root.toggleAttribute('data-nav-solid', window.scrollY > threshold);
  update();
  window.addEventListener('scroll', update, { passive: true });
}

/**
 * Reveals `[data-reveal]` elements as they enter the viewport (`threshold` visible). Elements already
 * on screen are marked revealed before the page is flagged as scripted, so nothing visible ever
 * disappears; without JavaScript or IntersectionObserver everything simply stays visible.
 */
export function revealOnScroll(
  root: HTMLElement = document.documentElement,
  threshold: number = REVEAL_THRESHOLD,
): void {
  if (!('IntersectionObserver' in window)) return;
  const elements = [...document.querySelectorAll<HTMLElement>('[data-reveal]')];
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('is-revealed');
        observer.unobserve(entry.target);
      }
    },
    { threshold },
  );
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    if (box.top < window.innerHeight && box.bottom > 0) element.classList.add('is-revealed');
    else observer.observe(element);
  }
  root.classList.add('js');
}

/**
 * Completes the native popover menu: closes it when a link in it is followed and when focus leaves it
 * for anything but its toggle (so focus is never hidden under the open menu, WCAG 2.4.11).
 */
export function closeMenuOnLeave(menu: HTMLElement | null): void {
  if (!menu) return;
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) menu.hidePopover();
  });
  menu.addEventListener('focusout', (event) => {
    const next = event.relatedTarget as Element | null;
    if (next && !menu.contains(next) && next.getAttribute('popovertarget') !== menu.id)
      menu.hidePopover();
  });
}

/**
 * Keeps the query string of the page's address in sessionStorage under `key` when it has a campaign
 * field (`utm_…`), replacing an earlier one, so that the contact form sends the campaign from any
 * later page of the session (src/lib/lead-source.ts reads it). No cookie.
 */
export function keepCampaign(key: string): void {
  try {
    if (/[?&]utm_/.test(location.search)) sessionStorage.setItem(key, location.search);
  } catch {
    // storage blocked by the browser's settings: the lead is sent without its campaign
  }
}

/** The inline script of every page: navigation bar state, scroll reveal, menu completion, campaign. */
export function inlinePageScript(): string {
  return [
    `(${watchNavScroll})(document.documentElement,${NAV_SCROLL_THRESHOLD})`,
    `(${revealOnScroll})(document.documentElement,${REVEAL_THRESHOLD})`,
    `(${closeMenuOnLeave})(document.getElementById("menu-mobile"))`,
    `(${keepCampaign})(${JSON.stringify(CAMPAIGN_STORAGE_KEY)})`,
  ].join(';\n');
}

/**
 * Loads Astro's island runtime (moved out of the page, see src/integrations/island-runtime.ts) once
 * the first island comes within its own `rootMargin` of the viewport (`client:visible` options). Until
 * then a page with islands below the first screen requests no script at all. Observes the islands'
 * children: an `<astro-island>` is `display: contents` and never intersects itself.
 */
export function loadIslandRuntime(src: string): void {
  const observers: IntersectionObserver[] = [];
  const load = () => {
    if (!observers.length) return;
    for (const observer of observers.splice(0)) observer.disconnect();
    document.head.append(Object.assign(document.createElement('script'), { src }));
  };
  for (const island of document.querySelectorAll('astro-island')) {
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && load(),
      { rootMargin: JSON.parse(island.getAttribute('opts') || '{}').value?.rootMargin },
    );
    for (const child of island.children) observer.observe(child);
    observers.push(observer);
  }
}
