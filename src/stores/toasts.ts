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
/** Each notice's time left on screen (ms), and while it runs, since when and its timer. */
const timers = new Map<
  number,
  { left: number; since?: number; timer?: ReturnType<typeof setTimeout> }
>();
/** Why the notices are held on screen ('hover', 'focus'); their timers run only when empty. */
const holds = new Set<string>();

function startTimer(id: number, left: number): void {
  timers.set(id, { left, since: Date.now(), timer: setTimeout(() => dismissToast(id), left) });
}

/**
 * Shows a notice; returns its id. It is dismissed after TOAST_DURATION of being on screen unheld (see
 * holdToasts) unless dismissed earlier.
 */
export function toast(
  input: Omit<Toast, 'id' | 'variant'> & { variant?: Toast['variant'] },
): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { variant: 'default', ...input, id }]);
  if (holds.size) timers.set(id, { left: TOAST_DURATION });
  else startTimer(id, TOAST_DURATION);
  return id;
}

/**
 * Keeps every notice on screen while `reason` holds (the pointer or the focus is on a notice, WCAG
 * 2.2.1), and restarts their timers with the time they had left once nothing holds them.
 */
export function holdToasts(reason: string, held: boolean): void {
  const wasHeld = holds.size > 0;
  if (held) holds.add(reason);
  else holds.delete(reason);
  if (!wasHeld && holds.size) {
    for (const [id, { left, since = Date.now(), timer }] of timers) {
      clearTimeout(timer);
      timers.set(id, { left: left - (Date.now() - since) });
    }
  } else if (wasHeld && !holds.size) {
    for (const [id, { left }] of timers) startTimer(id, left);
  }
}

/** Removes a notice. */
export function dismissToast(id: number): void {
  clearTimeout(timers.get(id)?.timer);
  timers.delete(id);
  $toasts.set($toasts.get().filter((item) => item.id !== id));
}
