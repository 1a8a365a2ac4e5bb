import { useEffect, useRef, type ReactNode } from 'react';
import * as fr from '../lib/i18n/fr';
import { SLIDE_INTERVAL, useRotation } from './shared/cycle';
import MotionToggle from './shared/MotionToggle';

/** A slide among the island's children: `data-slide`, one per group of testimonials. */
const SLIDE = '[data-slide]';
/** Classes that hide every slide but the current one (they stay stacked in one grid cell). */
const HIDDEN = ['invisible', 'opacity-0'];

/**
 * Testimonials, one slide at a time, advancing every 4 s; dots jump to a slide. The slides are the
 * server-rendered children (TestimonialCarouselBlock.astro: the first visible, the others hidden),
 * so no testimonial is serialised twice; this island only adds the motion and the controls. Holds
 * still on hover or focus (even when they arrived before it hydrated), under reduced motion, or when
 * the visitor pauses it.
 */
export default function TestimonialCarousel({
  count,
  children,
}: {
  /** Number of slides among the children. */
  count: number;
  children?: ReactNode;
}) {
  const root = useRef<HTMLDivElement>(null);
  const { index, go, stopped, toggle, hold } = useRotation(count, SLIDE_INTERVAL, root);
  useEffect(() => {
    root.current?.querySelectorAll(SLIDE).forEach((slide, s) => {
      const hidden = s !== index;
      HIDDEN.forEach((name) => slide.classList.toggle(name, hidden));
      if (hidden) slide.setAttribute('aria-hidden', 'true');
      else slide.removeAttribute('aria-hidden');
    });
  }, [index]);
  return (
    <div
      ref={root}
      {...hold}
      role="region"
      aria-roledescription="carousel"
      aria-label={fr.carousel.label}
    >
      <div className="grid" aria-live={stopped ? 'polite' : 'off'}>
        {children}
      </div>
      <div className="mt-8 flex items-center justify-center gap-1">
        {Array.from({ length: count }, (_, s) => (
          <button
            key={s}
            type="button"
            onClick={() => go(s)}
            aria-label={fr.carousel.goTo(s + 1)}
            aria-current={s === index || undefined}
            className="group grid size-11 place-items-center rounded-full"
          >
            <span
              className={`carousel-dot block h-2.5 rounded-full transition-all ${s === index ? 'w-8 bg-accent-700' : 'w-2.5 bg-accent-500 group-hover:bg-accent-700'}`}
            />
          </button>
        ))}
        <MotionToggle
          stopped={stopped}
          onToggle={toggle}
          labels={fr.carousel}
          className="ml-2 border border-line text-accent-700 hover:bg-accent-50"
        />
      </div>
    </div>
  );
}
