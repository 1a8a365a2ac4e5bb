import { inlinePageScript } from '../../../src/lib/page-scripts/layout';

/** Observes nothing: jsdom's stand-in for IntersectionObserver, which every browser has. */
class IdleObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/**
 * Runs every page's inline script on its own, as a browser of the site's floor does: jsdom has
 * neither `popover` (without it the script imports the popover polyfill, which a unit test cannot
 * load) nor IntersectionObserver; a test's own stand-in for either is kept.
 */
export function runInlinePageScript(): void {
  const prototype = HTMLElement.prototype as { popover?: unknown };
  const hadPopover = 'popover' in prototype;
  if (!hadPopover) Object.defineProperty(prototype, 'popover', { configurable: true, value: null });
  const hadObserver = 'IntersectionObserver' in window;
  if (!hadObserver)
    Object.defineProperty(window, 'IntersectionObserver', {
      configurable: true,
      value: IdleObserver,
    });
  try {
    new Function(inlinePageScript())();
  } finally {
    if (!hadPopover) delete prototype.popover;
    if (!hadObserver) delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  }
}
