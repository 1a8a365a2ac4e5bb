import * as fr from '../lib/i18n/fr';
import { groupsOf, PER_SLIDE, SLIDE_INTERVAL, useRotation } from '../lib/cycle';
import MotionToggle from '../components/react/MotionToggle';

interface Testimonial {
  name: string;
  company: string;
  role: string;
  content: string;
  rating: number;
  /** The author's illustrated face, an SVG file drawn at build time (src/lib/avatar.ts). */
  avatar: string;
}

/**
 * Testimonials, 3 per slide, advancing every 4 s; dots jump to a slide. Holds still on hover or
 * focus, under reduced motion, or when the visitor pauses it. Every slide is in the server HTML; only
 * the first is visible before hydration.
 */
export default function TestimonialCarousel({ items }: { items: Testimonial[] }) {
  const slides = groupsOf(items, PER_SLIDE);
  const { index, go, stopped, toggle, hold } = useRotation(slides.length, SLIDE_INTERVAL);
  return (
    <div {...hold} role="region" aria-roledescription="carousel" aria-label={fr.carousel.label}>
      <div className="grid" aria-live={stopped ? 'polite' : 'off'}>
        {slides.map((group, s) => (
          <div
            key={s}
            role="group"
            aria-roledescription="slide"
            aria-label={fr.carousel.slide(s + 1, slides.length)}
            aria-hidden={s !== index}
            className={`col-start-1 row-start-1 grid gap-6 transition-opacity duration-500 md:grid-cols-3 ${
              s === index ? '' : 'invisible opacity-0'
            }`}
          >
            {group.map((item) => (
              <figure
                key={item.name}
                className="flex flex-col rounded-card bg-white p-6 shadow-card"
              >
                <p
                  role="img"
                  aria-label={fr.carousel.rating(item.rating)}
                  className="text-lg text-amber-600"
                >
                  {'★'.repeat(item.rating)}
                </p>
                <blockquote className="mt-3 flex-1 leading-relaxed">{`«\u00a0${item.content}\u00a0»`}</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <img
                    src={item.avatar}
                    alt=""
                    width={44}
                    height={44}
                    loading="lazy"
                    className="size-11 shrink-0 rounded-full"
                  />
                  <p className="text-sm">
                    <strong className="block text-ink">{item.name}</strong>
                    <span className="text-muted">
                      {item.role}, {item.company}
                    </span>
                  </p>
                </figcaption>
              </figure>
            ))}
          </div>
        ))}
      </div>
      <div className="mt-8 flex items-center justify-center gap-1">
        {slides.map((_, s) => (
          <button
            key={s}
            type="button"
            onClick={() => go(s)}
            aria-label={fr.carousel.goTo(s + 1)}
            aria-current={s === index || undefined}
            className="group grid size-11 place-items-center rounded-full"
          >
            <span
              className={`block h-2.5 rounded-full transition-all ${s === index ? 'w-8 bg-accent-700' : 'w-2.5 bg-accent-500 group-hover:bg-accent-700'}`}
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
