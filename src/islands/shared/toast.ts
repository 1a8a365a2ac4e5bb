import { TOAST_REGION_ID, toast as addToast } from '../../stores/toasts';

// Raising a notice from an island: the store keeps the notices; this module also loads and mounts the
// Toaster island that draws them, on the first notice (so the store never imports an island).

let toasterMounted = false;
let toasterCode: Promise<typeof import('../Toaster')> | undefined;

/**
 * Fetches the Toaster island's code without drawing anything. Forms call it when the visitor starts
 * typing, so that a notice raised later with the network down (offline at submit) can still be drawn.
 * A failed fetch is forgotten, so the next call tries again.
 */
export function prepareToaster(): Promise<typeof import('../Toaster')> {
  toasterCode ??= import('../Toaster').catch((error: unknown) => {
    toasterCode = undefined;
    throw error;
  });
  return toasterCode;
}

/**
 * Loads the Toaster island's code on the first notice (none of it loads before, unless a form
 * prepared it) and draws it into the page's notice region. It reads the store when it mounts, so the
 * first notice appears.
 */
function loadToaster(): void {
  if (toasterMounted || typeof document === 'undefined') return;
  const region = document.getElementById(TOAST_REGION_ID);
  if (!region) return;
  toasterMounted = true;
  prepareToaster().then(
    ({ mountToaster }) => mountToaster(region),
    () => {
      toasterMounted = false; // no network: the next notice tries again
    },
  );
}

/** Shows a notice (see the store's `toast`) and draws the Toaster if it is not on the page yet. */
export function toast(input: Parameters<typeof addToast>[0]): number {
  const id = addToast(input);
  loadToaster();
  return id;
}
