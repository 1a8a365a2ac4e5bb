import { getEntry } from 'astro:content';
import type { Settings } from '../schemas/site';

/** The site settings (`src/content/settings/site.yaml`), validated by their schema. */
export async function getSettings(): Promise<Settings> {
  const entry = await getEntry('settings', 'site');
  if (!entry)
    throw new Error('src/content/settings/site.yaml is missing: the site needs its settings file.');
  return entry.data;
}

/** The booking page address: settings, unless PUBLIC_BOOKING_URL overrides it (tests, staging). */
export function bookingBaseUrl(settings: Settings): string {
  return import.meta.env.PUBLIC_BOOKING_URL || settings.bookingUrl;
}
