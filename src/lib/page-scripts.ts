import { isNavOpaque } from './navbar';

/** Fraction of an element that must be visible before it is revealed. */
export const REVEAL_THRESHOLD = 0.1;

/**
 * Keeps `data-nav-solid` on <html> in step with the scroll position, so the fixed navigation bar is
 * right from the first frame, before any island hydrates.
 */
export function watchNavScroll(root: HTMLElement = document.documentElement): void {
  const update = () => root.toggleAttribute('data-nav-solid', isNavOpaque(window.scrollY));
  update();
  window.addEventListener('scroll', update, { passive: true });
}

/**
 * Reveals `[data-reveal]` elements as they enter the viewport (10 % visible). Elements already on screen
 * are marked revealed before the page is flagged as scripted, so nothing visible ever disappears; without
 * JavaScript or IntersectionObserver everything simply stays visible.
 */
export function revealOnScroll(root: HTMLElement = document.documentElement): void {
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
    { threshold: REVEAL_THRESHOLD },
  );
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    if (box.top < window.innerHeight && box.bottom > 0) element.classList.add('is-revealed');
    else observer.observe(element);
  }
  root.classList.add('js');
}
