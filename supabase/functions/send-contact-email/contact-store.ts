import type { CaptchaVerdict } from './turnstile.ts';
import type { ContactRequest, LeadSource } from '../_shared/validation.ts';

/** A stored contact request, as the function mails it. */
export interface StoredContact extends ContactRequest, LeadSource {
  id: string;
  created_at: string;
  client_address: string | null;
  captcha_token: string | null;
  /** Turnstile's verdict, stored once at the first mail attempt (null: not verified). */
  captcha_verdict: CaptchaVerdict | null;
  spam_reason: string | null;
  /** Set when the agency released a flagged row: it is mailed as it is. */
  released_at: string | null;
}

/** Why a row is not to be mailed now. */
export type ClaimRefusal = 'unknown' | 'mailed' | 'replaced' | 'spam' | 'busy' | 'held';

/** The two digests: rows held over the hourly ceiling, rows flagged by the spam heuristics. */
export type DigestKind = 'ceiling' | 'spam' | 'unmailed' | 'held';

/** A claimed digest: its id (the idempotency key) and its rows, oldest first. */
export interface ClaimedDigest {
  id: string;
  kind: DigestKind;
  contacts: StoredContact[];
  /** Rows the digest leaves out (the alert: unmailed rows that never passed a mail's gates). */
  unlisted: number;
  /** « Envoyer ce message » per lead id (held and « À vérifier » lists: ./release-links.ts). */
  releaseLinks?: Record<string, { url: string; expiresAt: string }>;
}

/** A claimed alert for a misconfigured check: its id and the last 24 hours' verdicts. */
export interface CaptchaFigures {
  id: string;
  passed: number;
  missing: number;
  unavailable: number;
}

/** Access to public.contacts with the service role; injected so the handler stays testable. */
export interface ContactStore {
  /**
   * Atomically claims the row for mailing (one sender at a time): returns it, or why not (no such
   * row, already mailed, replaced by the visitor's correction, flagged as spam, held for the ceiling
   * digest — over the hourly ceiling of lead e-mails —, being mailed by another caller right now).
   */
  claim(id: string): Promise<{ row: StoredContact } | { refusal: ClaimRefusal }>;
  /**
   * The hourly ceiling, once the claimed row passed its checks (Turnstile included): 'ok' to mail
   * it, 'held' (kept for the ceiling digest, the claim given back), or 'review' (an unverified row
   * past its own ceiling: held for the hourly list).
   */
  takeMailSlot(id: string): Promise<'ok' | 'held' | 'review'>;
  /** Records that the agency was e-mailed for this row. */
  markMailed(id: string): Promise<void>;
  /**
   * Gives the claim back after a failed send, so a retry or the sweep can mail it; the failure
   * makes the sweep back off (private.mail_outage).
   */
  release(id: string): Promise<void>;
  /**
   * The provider refused this row for good (a 4xx): it is set aside (never retried, no outage
   * counted) and reported by the next alert.
   */
  setAside(id: string, reason: string): Promise<void>;
  /**
   * Stores the Turnstile verdict once and returns the verdict stored (a correction inherits the
   * 'passed' of the row it replaces); 'refused' flags the row 'captcha' and gives the claim back.
   */
  recordCaptchaVerdict(id: string, verdict: CaptchaVerdict): Promise<CaptchaVerdict>;
  /** Claims the alert for a misconfigured check when a threshold passed, else null. */
  claimCaptchaAlert(): Promise<CaptchaFigures | null>;
  /** Records that the check alert went out (`sent`), or gives it back. */
  finishCaptchaAlert(id: string, sent: boolean): Promise<void>;
  /** True when `secret` is the sweep's (only the sweep may ask for a digest). */
  isSweepSecret(secret: string): Promise<boolean>;
  /** Claims the due digest of this kind, or null when none is due (or another sender has it). */
  claimDigest(kind: DigestKind): Promise<ClaimedDigest | null>;
  /** Records that the digest was sent (a ceiling digest's or an alert's rows are then mailed). */
  markDigestMailed(id: string): Promise<void>;
  /** Gives a claimed digest back after a failed send. */
  releaseDigest(id: string): Promise<void>;
  /** A release link's token per lead, made by the database (which alone holds the key). */
  releaseTokens(ids: string[]): Promise<{ id: string; token: string; expiresAt: string }[]>;
}

/** The SQL of the store, for any client with ($1…) queries. Claims are database functions. */
export const STORE_SQL = {
  claim: `select outcome, contact from private.claim_contact_mail($1)`,
  takeMailSlot: `select private.take_mail_slot($1) as outcome`,
  markMailed: `select private.mark_contact_mailed($1)`,
  release: `select private.release_failed_mail($1)`,
  setAside: `select private.set_mail_aside($1, $2)`,
  recordCaptchaVerdict: `select private.record_captcha_verdict($1, $2) as verdict`,
  claimDigest: `select digest_id, contacts, private.digest_unlisted($1) as unlisted
                  from private.claim_digest($1)`,
  isSweepSecret: `select private.is_sweep_secret($1) as ok`,
  claimCaptchaAlert: `select digest_id, passed, missing, unavailable from private.claim_captcha_alert()`,
  finishCaptchaAlert: `select private.finish_captcha_alert($1, $2)`,
  markDigestMailed: `select private.mark_digest_mailed($1)`,
  releaseDigest: `select private.release_digest($1)`,
  releaseTokens: `select id::text as id, private.release_token(id) as token,
                         now() + private.release_link_lifetime() as expires_at
                    from unnest(string_to_array($1, ',')::uuid[]) as ids (id)`,
} as const;

/** Runs one parameterised query and returns its rows. */
export type Query = (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/** A jsonb value as the client returns it (postgres.js and pg parse it; a string is parsed here). */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The store's part for the misconfigured-check alert. */
function captchaAlertStore(
  query: Query,
): Pick<ContactStore, 'claimCaptchaAlert' | 'finishCaptchaAlert'> {
  return {
    async claimCaptchaAlert() {
      const [result] = await query(STORE_SQL.claimCaptchaAlert, []);
      if (!result?.digest_id) return null;
      const count = (key: string) => Number(result[key] ?? 0);
      return {
        id: String(result.digest_id),
        passed: count('passed'),
        missing: count('missing'),
        unavailable: count('unavailable'),
      };
    },
    async finishCaptchaAlert(id, sent) {
      await query(STORE_SQL.finishCaptchaAlert, [id, sent]);
    },
  };
}

/**
 * The store over any SQL client (postgres.js in the function, pg in tests).
 * @param query runs `sql` with positional parameters $1, $2…
 */
export function createContactStore(query: Query): ContactStore {
  return {
    ...captchaAlertStore(query),
    async claim(id) {
      const [result] = await query(STORE_SQL.claim, [id]);
      const outcome = String(result?.outcome ?? 'unknown');
      if (outcome === 'claimed') return { row: json<StoredContact>(result.contact) };
      return { refusal: outcome as ClaimRefusal };
    },
    async takeMailSlot(id) {
      const [result] = await query(STORE_SQL.takeMailSlot, [id]);
      const outcome = result?.outcome;
      return outcome === 'held' || outcome === 'review' ? outcome : 'ok';
    },
    async markMailed(id) {
      await query(STORE_SQL.markMailed, [id]);
    },
    async release(id) {
      await query(STORE_SQL.release, [id]);
    },
    async setAside(id, reason) {
      await query(STORE_SQL.setAside, [id, reason]);
    },
    async recordCaptchaVerdict(id, verdict) {
      const [result] = await query(STORE_SQL.recordCaptchaVerdict, [id, verdict]);
      return (result?.verdict as CaptchaVerdict | undefined) ?? verdict;
    },
    async claimDigest(kind) {
      const [result] = await query(STORE_SQL.claimDigest, [kind]);
      if (!result?.digest_id) return null;
      return {
        id: String(result.digest_id),
        kind,
        contacts: json<StoredContact[] | null>(result.contacts) ?? [],
        unlisted: Number(result.unlisted ?? 0),
      };
    },
    async isSweepSecret(secret) {
      const [result] = await query(STORE_SQL.isSweepSecret, [secret]);
      return result?.ok === true;
    },
    async markDigestMailed(id) {
      await query(STORE_SQL.markDigestMailed, [id]);
    },
    async releaseDigest(id) {
      await query(STORE_SQL.releaseDigest, [id]);
    },
    async releaseTokens(ids) {
      const rows = await query(STORE_SQL.releaseTokens, [ids.join(',')]);
      return rows.map((row) => ({
        id: String(row.id),
        token: String(row.token),
        expiresAt: new Date(row.expires_at as string | Date).toISOString(),
      }));
    },
  };
}
