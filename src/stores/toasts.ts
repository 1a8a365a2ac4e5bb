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

let nextId = 1;

/** Shows a notice; returns its id. It is dismissed after TOAST_DURATION unless dismissed earlier. */
export function toast(
  input: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] },
): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { variant: 'default', ...input, id }]);
  setTimeout(() => dismissToast(id), TOAST_DURATION);
  return id;
}

/** Removes a notice. */
export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((item) => item.id !== id));
}
