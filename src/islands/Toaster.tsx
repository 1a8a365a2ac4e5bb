import { useEffect, type CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import { createRoot } from 'react-dom/client';
import { X } from 'lucide';
import LucideIcon from './shared/LucideIcon';
import { $toasts, dismissToast, holdToasts } from '../stores/toasts';
import * as fr from '../lib/i18n/fr';

/** Where focus goes back to when a notice holding it is closed: where it came from. */
let focusBefore: HTMLElement | null = null;

/**
 * Closes a notice. If it held the focus, the focus goes back where it was before it entered the
 * notices (else to the main content), never to the top of the page.
 */
function close(id: number, region: HTMLElement | null): void {
  const hadFocus = region?.contains(document.activeElement) ?? false;
  dismissToast(id);
  if (!hadFocus) return;
  const target = focusBefore?.isConnected ? focusBefore : document.getElementById('contenu');
  target?.focus({ preventScroll: true });
}

/**
 * Renders the notices of the toast store. Destructive ones are alerts, others polite statuses. It is
 * drawn inside the page's notice region (BaseLayout's `#toasts`, a polite live region). Notices stay
 * while the pointer or the focus is on them (WCAG 2.2.1); each has a close button, and Escape closes
 * the newest.
 */
export default function Toaster({ region = null }: { region?: HTMLElement | null }) {
  const toasts = useStore($toasts);
  const newest = toasts.at(-1)?.id;

  useEffect(() => {
    // A closed notice fires no pointer or focus event: judge again what is held after each change.
    if (!region) return;
    holdToasts('hover', region.querySelector(':hover') !== null);
    holdToasts('focus', region.contains(document.activeElement));
  }, [toasts, region]);

  useEffect(() => {
    if (newest === undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close(newest, region);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [newest, region]);

  return (
    <>
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          data-variant={item.variant}
          // White focus ring on the red notice (WCAG 1.4.11), set here rather than in every page's CSS.
          style={
            item.variant === 'destructive' ? ({ '--ring': '#fff' } as CSSProperties) : undefined
          }
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-card p-4 shadow-card ${
            item.variant === 'destructive'
              ? 'bg-danger text-white'
              : 'border border-line bg-surface text-ink'
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{item.title}</p>
            {item.description && <p className="mt-1 text-sm">{item.description}</p>}
          </div>
          <button
            type="button"
            onClick={() => close(item.id, region)}
            className="-m-1 grid size-11 shrink-0 place-items-center rounded-full hover:bg-black/10"
            aria-label={fr.toast.close}
          >
            <LucideIcon icon={X} size={18} />
          </button>
        </div>
      ))}
    </>
  );
}

/**
 * Draws the Toaster into `region`, holds the notices while the pointer or the focus is in it, and
 * publishes their height as `--toasts-height`. Called by the toast store on the first notice.
 */
export function mountToaster(region: HTMLElement): void {
  const outside = (node: EventTarget | null) => !region.contains(node as Node | null);
  region.addEventListener('pointerover', () => holdToasts('hover', true));
  region.addEventListener('pointerout', (event) => {
    if (outside(event.relatedTarget)) holdToasts('hover', false);
  });
  region.addEventListener('focusin', (event) => {
    if (outside(event.relatedTarget)) focusBefore = event.relatedTarget as HTMLElement | null;
    holdToasts('focus', true);
  });
  region.addEventListener('focusout', (event) => {
    if (outside(event.relatedTarget)) holdToasts('focus', false);
  });
  // The notices cover the bottom of the screen: the page's scroll padding (global.css) keeps what the
  // keyboard focuses above them (WCAG 2.4.11).
  new ResizeObserver(() => {
    const height = region.childElementCount ? region.offsetHeight : 0;
    document.documentElement.style.setProperty('--toasts-height', `${height}px`);
  }).observe(region);
  createRoot(region).render(<Toaster region={region} />);
}
