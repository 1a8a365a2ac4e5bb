import { useEffect, useId, useRef, useState } from 'react';
import { Menu, X } from 'lucide';
import LucideIcon from '../components/react/LucideIcon';
import * as fr from '../lib/i18n/fr';
import { isActivePath } from '../lib/navbar';

interface Link {
  label: string;
  href: string;
}

interface Props {
  links: Link[];
  cta: Link;
  currentPath: string;
}

/**
 * The small-screen menu of the navigation bar: a toggle button and the panel it controls.
 * Closes on a link click, on Escape (focus back on the toggle) and on a click outside.
 */
export default function NavMenu({ links, cta, currentPath }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    rootRef.current?.querySelector<HTMLAnchorElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="xl:hidden">
      <button
        ref={toggleRef}
        type="button"
        className="nav-fg grid size-11 place-items-center rounded-full"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? fr.nav.closeMenu : fr.nav.openMenu}
        onClick={() => setOpen((value) => !value)}
      >
        <LucideIcon icon={open ? X : Menu} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute inset-x-0 top-full border-t border-line bg-white px-4 pb-6 shadow-card"
      >
        <ul className="flex flex-col py-2">
          {links.map((link) => (
            <li key={link.href}>
              <a
                href={link.href}
                aria-current={isActivePath(link.href, currentPath) ? 'page' : undefined}
                onClick={() => setOpen(false)}
                className="block rounded-lg px-3 py-3 font-medium text-ink hover:bg-accent-50 aria-[current=page]:text-accent-700"
              >
                {link.label}
              </a>
            </li>
          ))}
        </ul>
        <a
          href={cta.href}
          onClick={() => setOpen(false)}
          className="flex min-h-12 items-center justify-center rounded-full bg-accent-700 px-5 font-semibold text-white"
        >
          {cta.label}
        </a>
      </div>
    </div>
  );
}
