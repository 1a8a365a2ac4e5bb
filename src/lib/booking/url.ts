/**
 * The address of the inline booking widget (Calendly-compatible), built the way Calendly's widget.js
 * and react-calendly build it, so the widget reads the same parameters from it.
 */

/** Look of the booking page. Colours are hex, with or without '#'. */
export interface BookingPageSettings {
  backgroundColor?: string;
  textColor?: string;
  primaryColor?: string;
  hideEventTypeDetails?: boolean;
  hideLandingPageDetails?: boolean;
  hideGdprBanner?: boolean;
}

/** Answers filled in for the visitor. `customAnswers` keys are a1…a10. */
export interface BookingPrefill {
  name?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  guests?: string[];
  location?: string;
  /** A Date, or a YYYY-MM-DD string. */
  date?: Date | string;
  customAnswers?: Partial<Record<`a${number}`, string>>;
}

/** Campaign fields passed through to the booking. */
export interface BookingUtm {
  utmCampaign?: string;
  utmSource?: string;
  utmMedium?: string;
  utmContent?: string;
  utmTerm?: string;
}

export interface BookingUrlOptions {
  /** Host (with port) of the page that embeds the widget: `location.host`. */
  embedDomain?: string;
  pageSettings?: BookingPageSettings;
  prefill?: BookingPrefill;
  utm?: BookingUtm;
}

/** The site's look for the widget (design tokens of src/styles/tokens.css), details and banner hidden. */
export const SITE_BOOKING_PAGE: BookingPageSettings = {
  backgroundColor: 'ffffff',
  textColor: '0f172a',
  primaryColor: '4338ca',
  hideEventTypeDetails: true,
  hideLandingPageDetails: true,
  hideGdprBanner: true,
};

const UTM_KEYS = [
  ['utmCampaign', 'utm_campaign'],
  ['utmSource', 'utm_source'],
  ['utmMedium', 'utm_medium'],
  ['utmContent', 'utm_content'],
  ['utmTerm', 'utm_term'],
] as const;

const hex = (colour?: string) => colour?.replace(/^#/, '');
const isoDate = (date?: Date | string) =>
  date instanceof Date ? date.toISOString().slice(0, 10) : date;

/**
 * Builds the iframe address: `embed_domain`, `embed_type=Inline`, the base URL's own query, then page
 * settings, prefill and UTM fields, each value URI-encoded; empty values are left out.
 * @example buildBookingUrl('https://calendly.com/a/b', { embedDomain: 'x.fr' })
 *   === 'https://calendly.com/a/b?embed_domain=x.fr&embed_type=Inline'
 */
export function buildBookingUrl(base: string, options: BookingUrlOptions = {}): string {
  const url = new URL(base);
  const params = new Map<string, string | undefined>();
  const { pageSettings: page = {}, prefill = {}, utm = {} } = options;
  const flag = (on?: boolean) => (on ? '1' : undefined);

  params.set('embed_domain', options.embedDomain);
  params.set('embed_type', 'Inline');
  url.searchParams.forEach((value, key) => params.set(key, value));
  params.set('hide_event_type_details', flag(page.hideEventTypeDetails));
  params.set('hide_landing_page_details', flag(page.hideLandingPageDetails));
  params.set('hide_gdpr_banner', flag(page.hideGdprBanner));
  params.set('background_color', hex(page.backgroundColor));
  params.set('text_color', hex(page.textColor));
  params.set('primary_color', hex(page.primaryColor));
  params.set('name', prefill.name);
  params.set('first_name', prefill.firstName);
  params.set('last_name', prefill.lastName);
  params.set('email', prefill.email);
  for (const [key, value] of Object.entries(prefill.customAnswers ?? {})) {
    if (/^a([1-9]|10)$/.test(key)) params.set(key, value);
  }
  params.set('guests', prefill.guests?.join(','));
  params.set('location', prefill.location);
  params.set('date', isoDate(prefill.date));
  for (const [option, key] of UTM_KEYS) params.set(key, utm[option]);

  const query = [...params]
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
  return `${url.origin}${url.pathname}?${query}`;
}
