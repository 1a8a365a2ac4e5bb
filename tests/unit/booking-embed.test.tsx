// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import BookingEmbed from '../../src/islands/BookingEmbed';
import { $toasts } from '../../src/stores/toasts';
import * as fr from '../../src/lib/i18n/fr';

const BASE = 'http://localhost:4333/booking.html';
const PHONE = { display: '04 91 00 00 00', e164: '+33491000000' };

beforeEach(() => {
  $toasts.set([]);
  // jsdom does no layout: scrolling is a no-op here (the end-to-end test sees the real one).
  Element.prototype.scrollIntoView = vi.fn();
  history.replaceState(null, '', '/contact?jour=mardi&heure=10:00&utm_source=news');
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

const embed = (anchor?: string) =>
  render(<BookingEmbed baseUrl={BASE} anchor={anchor} phone={PHONE} />);
const ask = () => fireEvent.click(screen.getByRole('link', { name: fr.booking.show }));

async function loadedFrame() {
  embed();
  ask();
  const iframe = await started();
  post(
    { event: 'calendly.page_height', payload: { height: '700px' } },
    'http://localhost:4333',
    iframe.contentWindow,
  );
  return iframe;
}

describe('BookingEmbed', () => {
  it('shows the privacy notice and requests no frame until the visitor asks', async () => {
    embed('calendly');
    expect(screen.getByText(fr.booking.privacy)).toBeTruthy();
    expect(screen.getByRole('link', { name: fr.booking.show }).getAttribute('href')).toBe(BASE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame()).toBeNull();
  });

  it('on request, loads the frame with prefill and utm; spinner until it answers', async () => {
    history.replaceState(null, '', '/contact?jour=mardi&heure=10:00&utm_source=news');
    embed();
    ask();
    await started();
    expect(screen.getByRole('status').textContent).toBe(fr.booking.loading);
    const params = new URL(frame()!.src).searchParams;
    expect(frame()!.src.startsWith(`${BASE}?embed_domain=`)).toBe(true);
    expect(params.get('embed_domain')).toBe(location.host);
    expect(params.get('embed_type')).toBe('Inline');
    expect(params.get('hide_gdpr_banner')).toBe('1');
    expect(params.get('utm_source')).toBe('news');
    expect(frame()!.title).toBe(fr.booking.frameTitle);
    expect(frame()!.style.height).toBe('700px');
  });

  it('a slot link focuses the button, loads nothing until clicked, keeps the slot', async () => {
    history.replaceState(null, '', '/contact?consultation=Audit&jour=mardi&heure=10:00');
    embed();
    const button = screen.getByRole('link', { name: fr.booking.show });
    await waitFor(() => expect(document.activeElement).toBe(button));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame()).toBeNull();
    ask();
    await started();
    expect(new URL(frame()!.src).searchParams.get('a1')).toBe('Audit – mardi 10:00');
  });

  it('focuses the button when its anchor is targeted, loads nothing until clicked', async () => {
    history.replaceState(null, '', '/contact#calendly');
    embed('calendly');
    const button = screen.getByRole('link', { name: fr.booking.show });
    await waitFor(() => expect(document.activeElement).toBe(button));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame()).toBeNull();
    ask();
    await started();
  });

  it('focuses the button when its anchor becomes the target, without loading the frame', async () => {
    embed('calendly');
    const button = screen.getByRole('link', { name: fr.booking.show });
    expect(document.activeElement).not.toBe(button);
    act(() => {
      history.replaceState(null, '', '#calendly');
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(document.activeElement).toBe(button);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(frame()).toBeNull();
  });

  it('offers the booking page and the phone when the network goes down', async () => {
    embed();
    ask();
    await started();
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('alert').textContent).toContain(fr.booking.unavailable);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: fr.booking.direct }).getAttribute('href')).toBe(BASE);
    expect(screen.getByRole('link', { name: PHONE.display }).getAttribute('href')).toBe(
      `tel:${PHONE.e164}`,
    );
  });

  it('hides the spinner once the widget has answered', async () => {
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
