import { useStore } from '@nanostores/react';
import { X } from 'lucide';
import LucideIcon from '../components/react/LucideIcon';
import { $toasts, dismissToast } from '../stores/toasts';
import * as fr from '../lib/i18n/fr';

/** Renders the notices of the toast store. Destructive ones are alerts, others polite statuses. */
export default function Toaster() {
  const toasts = useStore($toasts);
  return (
    <section
      aria-label={fr.toast.region}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-3 p-4 sm:items-end"
    >
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
    </section>
  );
}
