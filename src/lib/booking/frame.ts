import { buildBookingUrl, SITE_BOOKING_PAGE } from './url';
import { bookingPrefillFromSearch, utmFromSearch } from './prefill';

/**
 * The booking iframe address for the page it is embedded in: the site's look, the embedding host,
 * and the prefill and utm_* fields read from that page's address. Loaded only when the frame starts.
 * @example bookingFrameUrl('https://calendly.com/a/b', { host: 'x.fr', search: '?utm_source=y' })
 */
export function bookingFrameUrl(base: string, page: { host: string; search: string }): string {
  return buildBookingUrl(base, {
    embedDomain: page.host,
    pageSettings: SITE_BOOKING_PAGE,
    prefill: bookingPrefillFromSearch(page.search),
    utm: utmFromSearch(page.search),
  });
}
