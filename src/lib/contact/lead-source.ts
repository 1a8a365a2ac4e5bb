/**
 * Where a lead came from, sent with the contact row: the page the form is sent from and the campaign
 * fields the visitor arrived with (`?utm_source=…`). The inline script of every page keeps such an
 * address's query in sessionStorage for the browser session, no cookie (`keepCampaign` in
 * src/lib/page-scripts/layout.ts), so the campaign survives a visit across pages. A value that breaks the shared rules
 * (supabase/functions/_shared/validation.ts, mirrored by the database) is left out: a tag never
 * costs a lead.
 * Why:
 * docs/decisions/contact.md#lead-source-the-landing-query-kept-in-sessionstorage-by-every-pages-inline-script.
 */
import { checkLeadSource, type LeadSource } from '../../../supabase/functions/_shared/validation';

/** The campaign fields sent with a lead (every page keeps an address's query that has `utm_…`). */
export const CAMPAIGN_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The sessionStorage key holding the query string of the visit's campaign (e.g. `?utm_source=…`). */
export const CAMPAIGN_STORAGE_KEY = 'lead-source';

/**
 * The lead source of a submission from `pathname`, with the campaign kept in `storage`.
 * @param pathname the path of the page the form is sent from (location.pathname)
 * @param storage sessionStorage, or null where it is unavailable
 */
export function readLeadSource(
  pathname: string,
  storage: Pick<Storage, 'getItem'> | null,
): LeadSource {
  const source: LeadSource = {};
  if (checkLeadSource('page', pathname) === null) source.page = pathname;
  const campaign = new URLSearchParams(storage?.getItem(CAMPAIGN_STORAGE_KEY) ?? '');
  for (const field of CAMPAIGN_FIELDS) {
    const value = campaign.get(field);
    if (value && checkLeadSource(field, value) === null) source[field] = value;
  }
  return source;
}

/** The lead source of this browser tab; none outside a browser. */
export function currentLeadSource(): LeadSource {
  if (typeof window === 'undefined') return {};
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = null; // storage blocked by the browser's settings
  }
  return readLeadSource(window.location.pathname, storage);
}
