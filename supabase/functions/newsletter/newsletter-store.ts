/** Access to public.newsletter_subscriptions with the service role (injected into the handler). */
export interface NewsletterStore {
  /**
   * Claims the confirmation e-mail due for this address: the row id, or why none is sent ('none'
   * due, the address 'spent' its confirmation e-mails, the site-wide 'ceiling' reached).
   */
  claimConfirmation(email: string): Promise<{ id: string } | { refusal: ConfirmationRefusal }>;
  /** Today's window, once a day, when the agency is to be told the ceiling is reached; else null. */
  claimCeilingAlert(): Promise<string | null>;
  /** Gives a claimed alert back after a failed send. */
  releaseCeilingAlert(window: string): Promise<void>;
  /** Gives a claimed confirmation back after a failed send. */
  releaseConfirmation(id: string): Promise<void>;
  /**
   * Confirms the subscription: 'confirmed'; 'already' (confirmed before); 'expired' (its last
   * confirmation e-mail is older than CONFIRM_LINK_DAYS); 'invalid' (no such subscribed row).
   */
  confirm(id: string): Promise<ConfirmResult>;
  /** Unsubscribes; false when there is no such row. */
  unsubscribe(id: string): Promise<boolean>;
}

/** What confirming a row did. */
export type ConfirmResult = 'confirmed' | 'already' | 'expired' | 'invalid';

/** How long a confirmation link works after its e-mail was sent. */
export const CONFIRM_LINK_DAYS = 7;

/** Why no confirmation e-mail is sent now. */
export type ConfirmationRefusal = 'none' | 'spent' | 'ceiling';

const SQL = {
  claim: `select subscription_id, outcome from private.claim_newsletter_confirmation($1)`,
  release: `select private.release_newsletter_confirmation($1)`,
  claimAlert: `select private.claim_newsletter_ceiling_alert() as window_start`,
  releaseAlert: `delete from private.newsletter_ceiling_alerts where window_start = $1`,
  confirm: `with target as (select * from public.newsletter_subscriptions
                         where id = $1 and unsubscribed_at is null and spam_reason is null),
                  done as (update public.newsletter_subscriptions s set confirmed_at = now()
                            from target where s.id = target.id and target.confirmed_at is null
                              and target.confirm_mailed_at >= now() - make_interval(days => $2)
                           returning s.id)
             select case when exists (select from done) then 'confirmed'
                         when (select confirmed_at from target) is not null then 'already'
                         when (select confirm_mailed_at from target) is not null then 'expired'
                         else 'invalid' end as result`,
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
      if (row?.outcome === 'claimed') return { id: String(row.subscription_id) };
      return { refusal: (row?.outcome ?? 'none') as ConfirmationRefusal };
    },
    async claimCeilingAlert() {
      const [row] = await query(SQL.claimAlert, []);
      return row?.window_start ? new Date(row.window_start as string).toISOString() : null;
    },
    async releaseCeilingAlert(window) {
      await query(SQL.releaseAlert, [window]);
    },
    async releaseConfirmation(id) {
      await query(SQL.release, [id]);
    },
    async confirm(id) {
      const [row] = await query(SQL.confirm, [id, CONFIRM_LINK_DAYS]);
      return (row?.result ?? 'invalid') as ConfirmResult;
    },
    async unsubscribe(id) {
      return (await query(SQL.unsubscribe, [id])).length === 1;
    },
  };
}
