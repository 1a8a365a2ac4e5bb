import { useStore } from '@nanostores/react';
import { createRoot } from 'react-dom/client';
import { X } from 'lucide';
import LucideIcon from '../components/react/LucideIcon';
import { $toasts, dismissToast } from '../stores/toasts';
import * as fr from '../lib/i18n/fr';

/**
 * Renders the notices of the toast store. Destructive ones are alerts, others polite statuses. It is
 * drawn inside the page's notice region (BaseLayout's `#toasts`, a polite live region).
 */
export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    <>
      {toasts.map((item) => (
        <div
          key={item.id}
          role={item.variant === 'destructive' ? 'alert' : 'status'}
          data-variant={item.variant}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-card p-4 shadow-card ${
            item.variant === 'destructive'
              ? 'bg-danger text-white'
              : 'border border-line bg-white text-ink'
          }`}
        >
          <div className="flex-1">
            <p className="font-semibold">{item.title}</p>
            {item.description && <p className="mt-1 text-sm">{item.description}</p>}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(item.id)}
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

/** Draws the Toaster into `region`. Called by the toast store on the first notice. */
export function mountToaster(region: HTMLElement): void {
  createRoot(region).render(<Toaster />);
}
