// The booking widget's frame as the facade drives it: requested on the visitor's click, given up
// after BOOKING_FALLBACK_AFTER or offline, resized and acknowledged by the widget's own messages.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { readBookingMessage } from '../../lib/booking/message';
import * as fr from '../../lib/i18n/fr';
import { toast } from '../shared/toast';

/** Starting height of the frame (px), until the widget reports its own. */
export const FRAME_HEIGHT = 700;
/** How long the widget may take to answer before the visitor is offered another way (ms). */
export const BOOKING_FALLBACK_AFTER = 10_000;

/** The frame's state: `start` requests it (the consent click); `failed` offers the other ways. */
export function useBookingFrame(baseUrl: string) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [requested, setRequested] = useState(false);
  const [src, setSrc] = useState<string>();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [height, setHeight] = useState(FRAME_HEIGHT);

  const start = () => {
    setRequested(true);
    // The address builder is fetched only now, when the frame is about to be requested.
    import('../../lib/booking/frame').then(
      ({ bookingFrameUrl }) => setSrc((current) => current ?? bookingFrameUrl(baseUrl, location)),
      () => setFailed(true),
    );
  };

  useEffect(() => {
    if (!requested || ready) return;
    if (!navigator.onLine) setFailed(true);
    const timer = setTimeout(() => setFailed(true), BOOKING_FALLBACK_AFTER);
    const offline = () => setFailed(true);
    addEventListener('offline', offline);
    return () => {
      clearTimeout(timer);
      removeEventListener('offline', offline);
    };
  }, [requested, ready]);

  useEffect(() => {
    const origin = new URL(baseUrl).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow)
        return;
      const name = (event.data as { event?: unknown } | null)?.event;
      if (typeof name === 'string' && name.startsWith('calendly.')) {
        setReady(true);
        setFailed(false);
      }
      const message = readBookingMessage(event.data);
      if (message?.type === 'height') setHeight(message.height);
      if (message?.type === 'scheduled') {
        toast({ title: fr.booking.scheduledTitle, description: fr.booking.scheduledText });
      }
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, [baseUrl]);

  return { frame, requested, src, ready, failed, height, start };
}

/** Query parameter of the slot and consultation links (see booking-prefill). */
const CAME_TO_BOOK = 'consultation';

/**
 * Brings a visitor who came to book (the anchor targeted, e.g. /contact#calendly, or a slot or
 * consultation link) to the facade's button, focused.
 */
export function useBringToButton(
  anchor: string | undefined,
  button: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    const bringToButton = () => {
      button.current?.scrollIntoView({ block: 'center' });
      button.current?.focus({ preventScroll: true });
    };
    const targeted = () => {
      if (anchor && location.hash === `#${anchor}`) bringToButton();
    };
    if (new URLSearchParams(location.search).has(CAME_TO_BOOK)) bringToButton();
    else targeted();
    addEventListener('hashchange', targeted);
    return () => removeEventListener('hashchange', targeted);
  }, [anchor, button]);
}
