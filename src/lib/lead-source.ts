/**
 * Where a lead came from, sent with the contact row: the page the form is sent from and the campaign
 * fields the visitor arrived with (`?utm_source=…`). The inline script of every page keeps those in
 * sessionStorage for the browser session, no cookie (`keepCampaign` in src/lib/page-scripts.ts), so
 * they survive a visit across pages. A value that breaks the shared rules
 * (supabase/functions/_shared/validation.ts, mirrored by the database) is left out: a tag never
 * costs a lead.
 */
import { checkLeadSource, type LeadSource } from '../../supabase/functions/_shared/validation';

/** The campaign fields kept for the session, in the address's own names. */
export const CAMPAIGN_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/** The sessionStorage key holding the campaign fields of the visit (a JSON object). */
export const CAMPAIGN_STORAGE_KEY = 'lead-source';

/**
 * The lead source of a submission from `pathname`, with the campaign fields kept in `storage`.
 * @param pathname the path of the page the form is sent from (location.pathname)
 * @param storage sessionStorage, or null where it is unavailable
 */
export function readLeadSource(
  pathname: string,
  storage: Pick<Storage, 'getItem'> | null,
): LeadSource {
  const source: LeadSource = {};
  if (checkLeadSource('page', pathname) === null) source.page = pathname;
  let kept: unknown = null;
  try {
    kept = JSON.parse(storage?.getItem(CAMPAIGN_STORAGE_KEY) ?? 'null');
  } catch {
    kept = null; // not ours, or damaged: no campaign
  }
  if (typeof kept !== 'object' || kept === null) return source;
  for (const field of CAMPAIGN_FIELDS) {
    const value = (kept as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '' && checkLeadSource(field, value) === null)
      source[field] = value;
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
