// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BookingEmbed from '../../src/islands/BookingEmbed';
import { $toasts } from '../../src/stores/toasts';
import * as fr from '../../src/lib/i18n/fr';

const BASE = 'http://localhost:4333/booking.html';
let intersect: (visible: boolean) => void;
let observerOptions: IntersectionObserverInit | undefined;

beforeEach(() => {
  $toasts.set([]);
  history.replaceState(
    null,
    '',
    '/contact?consultation=Audit&jour=mardi&heure=10:00&utm_source=news',
  );
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observerOptions = options;
      intersect = (visible) =>
        callback(
          [{ isIntersecting: visible } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        );
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const frame = () => document.querySelector('iframe');
/** The frame, once its address has been built (the builder is loaded on demand). */
const started = () => waitFor(() => expect(frame()).not.toBeNull()).then(() => frame()!);

function post(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

async function loadedFrame() {
  render(<BookingEmbed baseUrl={BASE} />);
  act(() => intersect(true));
  const iframe = await started();
  fireEvent.load(iframe);
  return iframe;
}

describe('BookingEmbed', () => {
  it('shows a spinner and requests no frame until its box nears the viewport', async () => {
    render(<BookingEmbed baseUrl={BASE} />);
    expect(screen.getByRole('status').textContent).toBe(fr.booking.loading);
    act(() => intersect(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame()).toBeNull();
    expect(observerOptions?.rootMargin).toMatch(/^\d{3,}px/);
  });

  it('loads the frame with the embed fields, prefill and utm from the page address once visible', async () => {
    render(<BookingEmbed baseUrl={BASE} />);
    act(() => intersect(true));
    await started();
    const params = new URL(frame()!.src).searchParams;
    expect(frame()!.src.startsWith(`${BASE}?embed_domain=`)).toBe(true);
    expect(params.get('embed_domain')).toBe(location.host);
    expect(params.get('embed_type')).toBe('Inline');
    expect(params.get('hide_gdpr_banner')).toBe('1');
    expect(params.get('a1')).toBe('Audit – mardi 10:00');
    expect(params.get('utm_source')).toBe('news');
    expect(frame()!.title).toBe(fr.booking.frameTitle);
    expect(frame()!.style.height).toBe('700px');
  });

  it('loads at once when its anchor is targeted', async () => {
    history.replaceState(null, '', '/contact#calendly');
    render(<BookingEmbed baseUrl={BASE} anchor="calendly" />);
    await started();
  });

  it('loads when its anchor becomes the target', async () => {
    render(<BookingEmbed baseUrl={BASE} anchor="calendly" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame()).toBeNull();
    act(() => {
      history.replaceState(null, '', '#calendly');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    await started();
  });

  it('hides the spinner once the frame has loaded', async () => {
    await loadedFrame();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('resizes the frame on a page height message from the booking origin and frame', async () => {
    const iframe = await loadedFrame();
    post(
      { event: 'calendly.page_height', payload: { height: '1200px' } },
      'http://localhost:4333',
      iframe.contentWindow,
    );
    expect(iframe.style.height).toBe('1200px');
  });

  it('raises a success notice on a scheduled event', async () => {
    const iframe = await loadedFrame();
    post(
      { event: 'calendly.event_scheduled', payload: {} },
      'http://localhost:4333',
      iframe.contentWindow,
    );
    expect($toasts.get()).toMatchObject([{ title: fr.booking.scheduledTitle, variant: 'default' }]);
  });

  it('ignores messages from another origin or another window', async () => {
    const iframe = await loadedFrame();
    post(
      { event: 'calendly.page_height', payload: { height: '1500px' } },
      'https://evil.example',
      iframe.contentWindow,
    );
    post({ event: 'calendly.event_scheduled', payload: {} }, 'http://localhost:4333', window);
    expect(iframe.style.height).toBe('700px');
    expect($toasts.get()).toEqual([]);
  });
});
