/**
 * Auto-advancing sequences (automation steps, testimonial slides): pure helpers and one small React
 * hook shared by both islands. Motion pauses on hover and focus, can be stopped by the visitor, and
 * never starts by itself under `prefers-reduced-motion` (WCAG 2.2.2).
 */
import { useEffect, useState, type FocusEvent, type RefObject } from 'react';

/** Step cycle of the "automation in action" panel (ms). */
export const STEP_INTERVAL = 3000;
/** Testimonial carousel cycle (ms) and testimonials per slide. */
export const SLIDE_INTERVAL = 4000;
export const PER_SLIDE = 3;

/** The index after `index` in a ring of `count` items. */
export const nextIndex = (index: number, count: number): number =>
  count > 0 ? (index + 1) % count : 0;

/** Width of the progress bar for a step, in %: (step + 1) × 33. */
export const progressWidth = (step: number): number => (step + 1) * 33;

/** Splits items into consecutive groups of `size` (the last one may be shorter). */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    groups.push(items.slice(start, start + size));
  return groups;
}

/**
 * Cycles an index through `count` positions every `interval` ms. Returns the index, `go` to jump
 * (which restarts the interval), `stopped` with `toggle` for the visitor's pause button, and event
 * handlers that hold the motion while the pointer is over or focus is within the element. `root`
 * is that element: a pointer or focus already inside it when the island hydrates (they arrived
 * before React listened) holds the motion too, and so does a reduced-motion preference, at
 * hydration or set later.
 */
export function useRotation(count: number, interval: number, root: RefObject<HTMLElement | null>) {
  const [index, go] = useState(0);
  const [stopped, setStopped] = useState(false);
  const [hover, setHover] = useState(false);
  const [focus, setFocus] = useState(false);

  useEffect(() => {
    const element = root.current;
    if (element?.matches(':hover')) setHover(true);
    if (element?.contains(document.activeElement)) setFocus(true);
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)');
    if (!reduce) return;
    const stop = () => reduce.matches && setStopped(true);
    stop();
    reduce.addEventListener?.('change', stop);
    return () => reduce.removeEventListener?.('change', stop);
  }, [root]);

  useEffect(() => {
    if (stopped || hover || focus || count < 2) return;
    const timer = setTimeout(() => go((current) => nextIndex(current, count)), interval);
    return () => clearTimeout(timer);
  }, [index, stopped, hover, focus, count, interval]);

  return {
    index,
    go,
    stopped,
    toggle: () => setStopped((value) => !value),
    hold: {
      onMouseEnter: () => setHover(true),
      onMouseLeave: () => setHover(false),
      onFocus: () => setFocus(true),
      onBlur: (event: FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
      },
    },
  };
}
