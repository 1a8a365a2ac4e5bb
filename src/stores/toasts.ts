import { atom } from 'nanostores';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
}

/** Notices currently shown, oldest first. */
export const $toasts = atom<Toast[]>([]);

/** How long a notice stays on screen (ms). */
export const TOAST_DURATION = 6000;

/** Id of the page's notice region (BaseLayout renders it where `toasts` is set). */
export const TOAST_REGION_ID = 'toasts';

let nextId = 1;
let toasterMounted = false;
let toasterCode: Promise<typeof import('../islands/Toaster')> | undefined;

/**
 * Fetches the Toaster island's code without drawing anything. Forms call it when the visitor starts
 * typing, so that a notice raised later with the network down (offline at submit) can still be drawn.
 * A failed fetch is forgotten, so the next call tries again.
 */
export function prepareToaster(): Promise<typeof import('../islands/Toaster')> {
  toasterCode ??= import('../islands/Toaster').catch((error: unknown) => {
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

/** Shows a notice; returns its id. It is dismissed after TOAST_DURATION unless dismissed earlier. */
export function toast(
  input: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] },
): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { variant: 'default', ...input, id }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION);
  loadToaster();
  return id;
}

/** Removes a notice. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((item) => item.id !== id));
}
