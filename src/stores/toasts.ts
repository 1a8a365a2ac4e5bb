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
let toasterRequested = false;

/**
 * Loads the Toaster island's code on the first notice (none of it loads before) and draws it into the
 * page's notice region. It reads the store when it mounts, so the first notice appears.
 */
function loadToaster(): void {
  if (toasterRequested || typeof document === 'undefined') return;
  const region = document.getElementById(TOAST_REGION_ID);
  if (!region) return;
  toasterRequested = true;
  void import('../islands/Toaster').then(({ mountToaster }) => mountToaster(region));
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
