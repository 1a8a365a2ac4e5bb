import { useEffect, useRef, useState } from 'react';
import { readBookingMessage } from '../lib/booking/message';
import * as fr from '../lib/i18n/fr';
import { toast } from './shared/toast';

interface Props {
  /** Booking page address (settings, or PUBLIC_BOOKING_URL in tests). */
  baseUrl: string;
  /** Id of the anchor that, when targeted (e.g. #calendly), brings the visitor to the button. */
  anchor?: string;
  /** The agency's phone, offered when the widget cannot load. */
  phone: { display: string; e164: string };
}

/** Starting height of the frame (px), until the widget reports its own. */
const FRAME_HEIGHT = 700;
/** How long the widget may take to answer before the visitor is offered another way (ms). */
export const BOOKING_FALLBACK_AFTER = 10_000;
/** Query parameter of the slot and consultation links (see booking-prefill). */
const CAME_TO_BOOK = 'consultation';

/**
 * The inline booking widget behind a facade: the widget is a third party that sets cookies, so its
 * frame is requested only when the visitor clicks the button beside the notice (a plain link to the
 * booking page until this island has hydrated): consent is that click, whatever the link that brought
 * the visitor. A visitor who came for it (its anchor targeted, e.g. /contact#calendly, or a
 * slot/consultation link) is brought to that button, focused; the slot chosen in the page address is
 * read when the frame starts, so it is kept. A spinner shows until the widget answers; if it has not after
 * BOOKING_FALLBACK_AFTER, or the browser is offline, the visitor gets the booking page's address and
 * the phone number instead. Messages are trusted only from the booking origin and this frame: page
 * height resizes it, a scheduled event raises a success notice.
 */
export default function BookingEmbed({ baseUrl, anchor, phone }: Props) {
  const frame = useRef<HTMLIFrameElement>(null);
  const button = useRef<HTMLAnchorElement>(null);
  const [requested, setRequested] = useState(false);
  const [src, setSrc] = useState<string>();
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [height, setHeight] = useState(FRAME_HEIGHT);

  const start = () => {
    setRequested(true);
    // The address builder is fetched only now, when the frame is about to be requested.
    import('../lib/booking/frame').then(
      ({ bookingFrameUrl }) => setSrc((current) => current ?? bookingFrameUrl(baseUrl, location)),
      () => setFailed(true),
    );
  };

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
  }, [anchor]);

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

  const overlay = 'absolute inset-0 grid place-items-center p-6 text-center';
  return (
    <div
      className="relative mx-auto w-full max-w-[900px]"
      style={{ minHeight: requested ? FRAME_HEIGHT : undefined }}
    >
      {!requested && (
        <div className="grid place-items-center gap-5 px-4 py-10 text-center">
          <p className="max-w-md text-sm text-muted">{fr.booking.privacy}</p>
          <a
            ref={button}
            href={baseUrl}
            target="_blank"
            rel="noopener"
            onClick={(event) => {
              event.preventDefault();
              start();
            }}
            className="inline-flex min-h-12 items-center rounded-full border border-transparent bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800"
          >
            {fr.booking.show}
          </a>
        </div>
      )}
      {requested && !ready && !failed && (
        <div role="status" className={`${overlay} text-muted`}>
          <span className="flex flex-col items-center gap-3">
            <span className="size-10 animate-spin rounded-full border-4 border-accent-100 border-t-accent-700" />
            {fr.booking.loading}
          </span>
        </div>
      )}
      {requested && !ready && failed && (
        <div role="alert" className={`${overlay} bg-surface`}>
          <p className="flex flex-col items-center gap-3">
            <span className="font-semibold">{fr.booking.unavailable}</span>
            <a
              href={baseUrl}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-12 items-center rounded-full border border-transparent bg-accent-700 px-6 font-semibold text-white hover:bg-accent-800"
            >
              {fr.booking.direct}
            </a>
            <span>
              {fr.booking.call}
              <a href={`tel:${phone.e164}`} className="font-semibold text-accent-700 underline">
                {phone.display}
              </a>
            </span>
          </p>
        </div>
      )}
      {src && (
        <iframe
          ref={frame}
          src={src}
          title={fr.booking.frameTitle}
          className="block w-full rounded-card border-0"
          style={{ height }}
        />
      )}
    </div>
  );
}
