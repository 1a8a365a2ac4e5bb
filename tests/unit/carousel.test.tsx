// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TestimonialCarousel from '../../src/islands/TestimonialCarousel';
import { groupsOf, PER_SLIDE, SLIDE_INTERVAL } from '../../src/lib/cycle';
import * as fr from '../../src/lib/i18n/fr';

const items = Array.from({ length: 6 }, (_, i) => ({
  name: `Client ${i + 1}`,
  company: `Société ${i + 1}`,
  role: 'Gérant',
  content: `Avis ${i + 1}`,
  rating: 5,
  avatar: `data:image/svg+xml,%3Csvg xmlns=%27http://www.w3.org/2000/svg%27/%3E`,
}));

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce') }));
}

const slides = () => [...document.querySelectorAll('[aria-roledescription="slide"]')];
/** Names shown on the visible slide. */
const visible = () =>
  slides()
    .filter((slide) => slide.getAttribute('aria-hidden') !== 'true')
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
  it('renders 2 slides of 3, the first one visible, with 5-star ratings', () => {
    render(<TestimonialCarousel items={items} />);
    expect(slides()).toHaveLength(2);
    expect(slides().map((slide) => slide.querySelectorAll('figure').length)).toEqual([3, 3]);
    expect(visible()).toEqual(FIRST);
    expect(screen.getAllByRole('img', { name: fr.carousel.rating(5), hidden: true })).toHaveLength(
      6,
    );
    expect(screen.getAllByRole('img', { name: fr.carousel.rating(5) })).toHaveLength(3);
  });

  it('advances every 4000 ms and wraps around', () => {
    render(<TestimonialCarousel items={items} />);
    expect(SLIDE_INTERVAL).toBe(4000);
    tick(3999);
    expect(visible()).toEqual(FIRST);
    tick(1);
    expect(visible()).toEqual(SECOND);
    tick(4000);
    expect(visible()).toEqual(FIRST);
  });

  it('jumps to a slide with its dot and marks the dot current', () => {
    render(<TestimonialCarousel items={items} />);
    const dot = screen.getByRole('button', { name: fr.carousel.goTo(2) });
    fireEvent.click(dot);
    expect(visible()).toEqual(SECOND);
    expect(dot.getAttribute('aria-current')).toBe('true');
    expect(
      screen.getByRole('button', { name: fr.carousel.goTo(1) }).getAttribute('aria-current'),
    ).toBeNull();
  });

  it('pauses while hovered', () => {
    render(<TestimonialCarousel items={items} />);
    const region = screen.getByRole('region', { name: fr.carousel.label });
    fireEvent.mouseEnter(region);
    tick(12000);
    expect(visible()).toEqual(FIRST);
    fireEvent.mouseLeave(region);
    tick(4000);
    expect(visible()).toEqual(SECOND);
  });

  it('pauses while focus is within and resumes when it leaves', () => {
    render(<TestimonialCarousel items={items} />);
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
    render(<TestimonialCarousel items={items} />);
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
    render(<TestimonialCarousel items={items} />);
    tick(20000);
    expect(visible()).toEqual(FIRST);
    expect(screen.getByRole('button', { name: fr.carousel.play })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: fr.carousel.goTo(2) }));
    expect(visible()).toEqual(SECOND);
    tick(20000);
    expect(visible()).toEqual(SECOND);
  });
});
