import { useRef } from 'react';
import * as fr from '../lib/i18n/fr';
import { FRAME_HEIGHT, useBookingFrame, useBringToButton } from './booking/use-booking-frame';

interface Props {
  /** Booking page address (settings, or PUBLIC_BOOKING_URL in tests). */
  baseUrl: string;
  /** Id of the anchor that, when targeted (e.g. #calendly), brings the visitor to the button. */
  anchor?: string;
  /** The agency's phone, offered when the widget cannot load. */
  phone: { display: string; e164: string };
}

/** The primary button (src/styles/primary-button.css), in this island's size. */
const BUTTON = 'btn-primary inline-flex min-h-12 items-center rounded-full px-6 font-semibold';
const OVERLAY = 'absolute inset-0 grid place-items-center p-6 text-center';

/** When the widget has not answered: the booking page's address and the phone number instead. */
function BookingFallback({ baseUrl, phone }: Pick<Props, 'baseUrl' | 'phone'>) {
  return (
    <div role="alert" className={`${OVERLAY} bg-surface`}>
      <p className="flex flex-col items-center gap-3">
        <span className="font-semibold">{fr.booking.unavailable}</span>
        <a href={baseUrl} target="_blank" rel="noopener" className={BUTTON}>
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
  );
}

/**
 * The inline booking widget behind a facade: the widget is a third party that sets cookies, so its
 * frame is requested only when the visitor clicks the button beside the notice (a plain link to the
 * booking page until this island has hydrated): consent is that click, whatever the link that brought
 * the visitor. A visitor who came for it is brought to that button (`useBringToButton`); the slot
 * chosen in the page address is read when the frame starts, so it is kept. A spinner shows until the
 * widget answers, then the frame (`useBookingFrame`), or the other ways to book.
 */
export default function BookingEmbed({ baseUrl, anchor, phone }: Props) {
  const button = useRef<HTMLAnchorElement>(null);
  const { frame, requested, src, ready, failed, height, start } = useBookingFrame(baseUrl);
  useBringToButton(anchor, button);
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
            className={BUTTON}
          >
            {fr.booking.show}
          </a>
        </div>
      )}
      {requested && !ready && !failed && (
        <div role="status" className={`${OVERLAY} text-muted`}>
          <span className="flex flex-col items-center gap-3">
            <span className="size-10 animate-spin rounded-full border-4 border-accent-100 border-t-accent-700" />
            {fr.booking.loading}
          </span>
        </div>
      )}
      {requested && !ready && failed && <BookingFallback baseUrl={baseUrl} phone={phone} />}
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
