/**
 * Messages the booking widget posts to its parent window (`calendly.*` events, as Calendly's widget
 * posts them).
 */

/** What a message from the widget asks of the page, or null for anything else. */
export type BookingMessage = { type: 'height'; height: number } | { type: 'scheduled' } | null;

/**
 * Reads a widget postMessage payload: `calendly.page_height` with `{ height: "1200px" }`, or
 * `calendly.event_scheduled`. The caller checks origin and source first.
 */
export function readBookingMessage(data: unknown): BookingMessage {
  if (!data || typeof data !== 'object') return null;
  const { event, payload } = data as { event?: unknown; payload?: { height?: unknown } };
  if (event === 'calendly.event_scheduled') return { type: 'scheduled' };
  if (event !== 'calendly.page_height') return null;
  const height = Number.parseInt(String(payload?.height), 10);
  return height > 0 && height < 10_000 ? { type: 'height', height } : null;
}
