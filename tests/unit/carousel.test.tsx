// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TestimonialCarousel from '../../src/islands/TestimonialCarousel';
import { groupsOf, PER_SLIDE, SLIDE_INTERVAL } from '../../src/islands/shared/cycle';
import * as fr from '../../src/lib/i18n/fr';

const names = Array.from({ length: 6 }, (_, i) => `Client ${i + 1}`);
const groups = groupsOf(names, PER_SLIDE);

/** The carousel as TestimonialCarouselBlock.astro gives it: static slides, the first visible. */
const carousel = () => (
  <TestimonialCarousel count={groups.length}>
    {groups.map((group, s) => (
      <div
        key={s}
        data-slide
        role="group"
        aria-roledescription="slide"
        aria-hidden={s > 0}
        className={s > 0 ? 'grid invisible opacity-0' : 'grid'}
      >
        {group.map((name) => (
          <figure key={name}>
            <strong>{name}</strong>
          </figure>
        ))}
      </div>
    ))}
  </TestimonialCarousel>
);

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce') }));
}

const slides = () => [...document.querySelectorAll('[aria-roledescription="slide"]')];
/** Names shown on the visible slide (not hidden to assistive technology nor to the eye). */
const visible = () =>
  slides()
    .filter((slide) => slide.getAttribute('aria-hidden') !== 'true' && !slide.matches('.invisible'))
    .flatMap((slide) => [...slide.querySelectorAll('strong')].map((el) => el.textContent));
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const FIRST = ['Client 1', 'Client 2', 'Client 3'];
const SECOND = ['Client 4', 'Client 5', 'Client 6'];

beforeEach(() => {
  vi.useFakeTimers();
  mockReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('groupsOf', () => {
  it('makes 2 slides of 3 from 6 testimonials', () => {
    expect(PER_SLIDE).toBe(3);
    expect(groupsOf([1, 2, 3, 4, 5, 6], PER_SLIDE)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(groupsOf([1, 2, 3, 4], 3)).toEqual([[1, 2, 3], [4]]);
  });
});

describe('TestimonialCarousel', () => {
  it('shows the first of its 2 slides and one dot per slide, the first current', () => {
    render(carousel());
    expect(slides()).toHaveLength(2);
    expect(visible()).toEqual(FIRST);
    expect(screen.getByRole('button', { name: fr.carousel.goTo(1) })).toHaveProperty(
      'ariaCurrent',
      'true',
    );
    expect(screen.getByRole('button', { name: fr.carousel.goTo(2) })).toHaveProperty(
      'ariaCurrent',
      null,
    );
  });

  it('advances every 4000 ms and wraps around', () => {
    render(carousel());
    expect(SLIDE_INTERVAL).toBe(4000);
    tick(3999);
    expect(visible()).toEqual(FIRST);
    tick(1);
    expect(visible()).toEqual(SECOND);
    tick(4000);
    expect(visible()).toEqual(FIRST);
  });

  it('jumps to a slide with its dot and marks the dot current', () => {
    render(carousel());
    const dot = screen.getByRole('button', { name: fr.carousel.goTo(2) });
    fireEvent.click(dot);
    expect(visible()).toEqual(SECOND);
    expect(dot.getAttribute('aria-current')).toBe('true');
    expect(
      screen.getByRole('button', { name: fr.carousel.goTo(1) }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('pauses while hovered', () => {
    render(carousel());
    const region = screen.getByRole('region', { name: fr.carousel.label });
    fireEvent.mouseEnter(region);
    tick(12000);
    expect(visible()).toEqual(FIRST);
    fireEvent.mouseLeave(region);
    tick(4000);
    expect(visible()).toEqual(SECOND);
  });

  it('pauses while focus is within and resumes when it leaves', () => {
    render(carousel());
    const dot = screen.getByRole('button', { name: fr.carousel.goTo(1) });
    fireEvent.focus(dot);
    tick(12000);
    expect(visible()).toEqual(FIRST);
    fireEvent.blur(dot, {
      relatedTarget: screen.getByRole('button', { name: fr.carousel.goTo(2) }),
    });
    tick(12000);
    expect(visible()).toEqual(FIRST);
    fireEvent.blur(dot, { relatedTarget: document.body });
    tick(4000);
    expect(visible()).toEqual(SECOND);
  });

  it('stops with the pause button and resumes with play', () => {
    render(carousel());
    const pause = screen.getByRole('button', { name: fr.carousel.pause });
    fireEvent.click(pause);
    tick(12000);
    expect(visible()).toEqual(FIRST);
    fireEvent.click(screen.getByRole('button', { name: fr.carousel.play }));
    tick(4000);
    expect(visible()).toEqual(SECOND);
  });

  it('does not auto-advance under prefers-reduced-motion, but dots still work', () => {
    mockReducedMotion(true);
    render(carousel());
    tick(20000);
    expect(visible()).toEqual(FIRST);
    expect(screen.getByRole('button', { name: fr.carousel.play })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: fr.carousel.goTo(2) }));
    expect(visible()).toEqual(SECOND);
    tick(20000);
    expect(visible()).toEqual(SECOND);
  });

  it('holds still when a dot had focus before hydration, moves once focus leaves', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(carousel());
    const outside = document.createElement('button');
    document.body.append(container, outside);
    const dot = container.querySelector<HTMLButtonElement>('button')!;
    dot.focus();
    // No focus event reaches React: it arrived before hydration.
    let root!: Root;
    act(() => {
      root = hydrateRoot(container, carousel());
    });
    try {
      tick(12000);
      expect(visible()).toEqual(FIRST);
      expect(document.activeElement).toBe(dot);
      act(() => outside.focus());
      tick(4000);
      expect(visible()).toEqual(SECOND);
    } finally {
      act(() => root.unmount());
      container.remove();
      outside.remove();
    }
  });

  it('stops when the visitor turns reduced motion on while it runs', () => {
    const listeners: (() => void)[] = [];
    const query = {
      matches: false,
      addEventListener: (_: string, f: () => void) => listeners.push(f),
      removeEventListener: () => {},
    };
    vi.stubGlobal('matchMedia', () => query);
    render(carousel());
    tick(4000);
    expect(visible()).toEqual(SECOND);
    query.matches = true;
    act(() => listeners.forEach((listener) => listener()));
    tick(20000);
    expect(visible()).toEqual(SECOND);
    expect(screen.getByRole('button', { name: fr.carousel.play })).toBeTruthy();
  });
});
