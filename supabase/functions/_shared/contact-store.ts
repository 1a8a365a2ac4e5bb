import type { ContactRequest } from './validation.ts';

/** A stored contact request, as the function mails it. */
export interface StoredContact extends ContactRequest {
  id: string;
  client_address: string | null;
  captcha_token: string | null;
}

/** Why a row could not be claimed for mailing. */
export type ClaimRefusal = 'unknown' | 'mailed' | 'spam' | 'busy';

/** Access to public.contacts with the service role; injected so the handler stays testable. */
export interface ContactStore {
  /**
   * Atomically claims the row for mailing (one sender at a time): returns it, or why not (no such
   * row, already mailed, flagged as spam, being mailed by another caller right now).
   */
  claim(id: string): Promise<{ row: StoredContact } | { refusal: ClaimRefusal }>;
  /** Records that the agency was e-mailed for this row. */
  markMailed(id: string): Promise<void>;
  /** Gives the claim back after a failed send, so a retry or the sweep can mail it. */
  release(id: string): Promise<void>;
  /** Flags the row as spam (never mailed) and gives the claim back. */
  flagSpam(id: string, reason: string): Promise<void>;
}

/** The SQL of the store, for any client with tagged-template or ($1…) queries. */
export const STORE_SQL = {
  claim: `update public.contacts set mail_claimed_at = now()
           where id = $1 and mailed_at is null and spam_reason is null
             and (mail_claimed_at is null or mail_claimed_at < now() - interval '2 minutes')
       returning id, prenom, nom, email, telephone, service_souhaite, message, client_address, captcha_token`,
  state: `select mailed_at is not null as mailed, spam_reason is not null as spam
            from public.contacts where id = $1`,
  markMailed: `update public.contacts set mailed_at = now(), mail_claimed_at = null where id = $1`,
  release: `update public.contacts set mail_claimed_at = null where id = $1 and mailed_at is null`,
  flagSpam: `update public.contacts set spam_reason = $2, mail_claimed_at = null where id = $1`,
} as const;

/** Runs one parameterised query and returns its rows. */
export type Query = (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * The store over any SQL client (postgres.js in the function, pg in tests).
 * @param query runs `sql` with positional parameters $1, $2…
 */
export function createContactStore(query: Query): ContactStore {
  return {
    async claim(id) {
      const [row] = await query(STORE_SQL.claim, [id]);
      if (row) return { row: row as unknown as StoredContact };
      const [state] = await query(STORE_SQL.state, [id]);
      if (!state) return { refusal: 'unknown' };
      return { refusal: state.spam ? 'spam' : state.mailed ? 'mailed' : 'busy' };
    },
    async markMailed(id) {
      await query(STORE_SQL.markMailed, [id]);
    },
    async release(id) {
      await query(STORE_SQL.release, [id]);
    },
    async flagSpam(id, reason) {
      await query(STORE_SQL.flagSpam, [id, reason]);
    },
  };
}
