/**
 * Where a lead came from (optional, each null when unknown): the page the form was sent from and the
 * campaign fields the visitor arrived with. Mirrored by contacts_<field>_<rule>
 * (supabase/migrations/20261125000100_lead_source.sql). Imported through validation.ts, the
 * contract's one entry.
 */
import { charLength, LINE_FORBIDDEN, LONE_SURROGATE, type FieldRule } from './text-rules.ts';

/** Maximum lengths of the lead-source fields (contacts_*_too_long), apart: the form never shows them. */
export const LEAD_SOURCE_MAX_LENGTHS = {
  page: 300,
  utm_source: 100,
  utm_medium: 100,
  utm_campaign: 100,
} as const;

export const LEAD_SOURCE_FIELDS = ['page', 'utm_source', 'utm_medium', 'utm_campaign'] as const;
export type LeadSourceField = (typeof LEAD_SOURCE_FIELDS)[number];
export type LeadSource = { [field in LeadSourceField]?: string | null };

/** A path on the site as a URL's pathname: one leading slash (not //), printable ASCII, no space. */
const PAGE_PATTERN = /^\/([!-.0-~][!-~]*)?$/;

/** The first rule a lead-source value breaks, or null. `value` is the stored text (null: none). */
export function checkLeadSource(field: LeadSourceField, value: string | null): FieldRule | null {
  if (value === null) return null;
  if (LONE_SURROGATE.test(value)) return 'characters';
  if (charLength(value) > LEAD_SOURCE_MAX_LENGTHS[field]) return 'too_long';
  if (field === 'page') return PAGE_PATTERN.test(value) ? null : 'format';
  return LINE_FORBIDDEN.test(value) ? 'characters' : null;
}
