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
  loadToaster();
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
