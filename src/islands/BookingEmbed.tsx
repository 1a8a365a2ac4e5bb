import { useEffect, useRef, useState } from 'react';
import { readBookingMessage } from '../lib/booking-message';
import * as fr from '../lib/i18n/fr';
import { toast } from '../stores/toasts';

interface Props {
  /** Booking page address (settings, or PUBLIC_BOOKING_URL in tests). */
  baseUrl: string;
  /** Id of the anchor that, when targeted (e.g. #calendly), loads the widget at once. */
  anchor?: string;
}

/** Starting height of the frame (px), until the widget reports its own. */
const FRAME_HEIGHT = 700;

/**
 * The inline booking widget. The frame is only requested when its box nears the viewport or its
 * anchor is targeted; a spinner shows until it has loaded. Messages are trusted only from the booking
 * origin and from this frame: page height resizes it, a scheduled event raises a success notice.
 */
export default function BookingEmbed({ baseUrl, anchor }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string>();
  const [loaded, setLoaded] = useState(false);
  const [height, setHeight] = useState(FRAME_HEIGHT);

  useEffect(() => {
    let observer: IntersectionObserver | undefined;
    const start = () => {
      observer?.disconnect();
      // The address builder is fetched only now, when the frame is about to be requested.
      import('../lib/booking-frame').then(({ bookingFrameUrl }) =>
        setSrc(bookingFrameUrl(baseUrl, location)),
      );
      return true;
    };
    const targeted = () => anchor && location.hash === `#${anchor}` && start();
    if (targeted()) return;
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) start();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(box.current!);
    addEventListener('hashchange', targeted);
    return () => {
      observer?.disconnect();
      removeEventListener('hashchange', targeted);
    };
  }, [baseUrl, anchor]);

  useEffect(() => {
    const origin = new URL(baseUrl).origin;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow)
        return;
      const message = readBookingMessage(event.data);
      if (message?.type === 'height') setHeight(message.height);
      if (message?.type === 'scheduled') {
        toast({ title: fr.booking.scheduledTitle, description: fr.booking.scheduledText });
      }
    };
    addEventListener('message', onMessage);
    return () => removeEventListener('message', onMessage);
  }, [baseUrl]);

  return (
    <div
      ref={box}
      className="relative mx-auto w-full max-w-[900px]"
      style={{ minHeight: FRAME_HEIGHT }}
    >
      {!loaded && (
        <div role="status" className="absolute inset-0 grid place-items-center text-muted">
          <span className="flex flex-col items-center gap-3">
            <span className="size-10 animate-spin rounded-full border-4 border-accent-100 border-t-accent-700" />
            {fr.booking.loading}
          </span>
        </div>
      )}
      {src && (
        <iframe
          ref={frame}
          src={src}
          title={fr.booking.frameTitle}
          onLoad={() => setLoaded(true)}
          className="block w-full rounded-card border-0"
          style={{ height }}
        />
      )}
    </div>
  );
}
