/** Access to public.newsletter_subscriptions with the service role (injected into the handler). */
export interface NewsletterStore {
  /** Claims the confirmation e-mail due for this address, if any: returns the row id, else null. */
  claimConfirmation(email: string): Promise<string | null>;
  /** Gives a claimed confirmation back after a failed send. */
  releaseConfirmation(id: string): Promise<void>;
  /** Confirms the subscription; false when there is no such (still subscribed) row. */
  confirm(id: string): Promise<boolean>;
  /** Unsubscribes; false when there is no such row. */
  unsubscribe(id: string): Promise<boolean>;
}

const SQL = {
  claim: `update public.newsletter_subscriptions set confirm_mailed_at = now()
           where lower(email) = lower($1) and spam_reason is null and confirm_requested_at is not null
             and confirmed_at is null and unsubscribed_at is null
             and (confirm_mailed_at is null or confirm_mailed_at < confirm_requested_at)
       returning id`,
  release: `update public.newsletter_subscriptions set confirm_mailed_at = null where id = $1`,
  confirm: `update public.newsletter_subscriptions set confirmed_at = coalesce(confirmed_at, now())
             where id = $1 and unsubscribed_at is null and spam_reason is null returning id`,
  unsubscribe: `update public.newsletter_subscriptions set unsubscribed_at = coalesce(unsubscribed_at, now())
                 where id = $1 returning id`,
} as const;

/**
 * The store over any SQL client.
 * @param query runs `sql` with positional parameters $1, $2…
 */
export function createNewsletterStore(
  query: (sql: string, values: unknown[]) => Promise<Record<string, unknown>[]>,
): NewsletterStore {
  return {
    async claimConfirmation(email) {
      const [row] = await query(SQL.claim, [email]);
      return row ? String(row.id) : null;
    },
    async releaseConfirmation(id) {
      await query(SQL.release, [id]);
    },
    async confirm(id) {
      return (await query(SQL.confirm, [id])).length === 1;
    },
    async unsubscribe(id) {
      return (await query(SQL.unsubscribe, [id])).length === 1;
    },
  };
}
