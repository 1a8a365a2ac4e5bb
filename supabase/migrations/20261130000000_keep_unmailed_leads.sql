-- A lead is never deleted unmailed (docs/decisions/privacy.md, « Unmailed leads are kept »): the
-- retention job deletes a never-mailed request only when it is spam (flagged, listed in the daily
-- « À vérifier » digest) or replaced by its correction; a real lead the mail provider never took
-- waits for it, and for the agency, alerted by another path after an hour.

/**
 * As in 20261127000000_privacy_retention.sql, except that an unmailed row that is neither spam nor
 * replaced is never deleted, by either period.
 */
create or replace function private.apply_retention() returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  address_keep interval := greatest(
    private.retention_period('client_address'),
    (select max(per) from private.rate_limits where name ~ '_per_(address|email)$'));
  counts jsonb := '{}';
  n integer;
begin
  perform pg_advisory_xact_lock(hashtext('private.apply_retention'));

  -- An unmailed lead (not spam, not replaced by its correction) is never deleted: it waits for
  -- the mail provider or the agency (alerted after an hour, 20261130000300_unmailed_alert.sql).
  delete from public.contacts
   where last_exchange_at < now() - private.retention_period('contacts')
     and (mailed_at is not null or spam_reason is not null or replaced_by is not null);
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('contacts_expired', n);

  delete from public.contacts
   where mailed_at is null and (spam_reason is not null or replaced_by is not null)
     and greatest(last_exchange_at, released_at) < now() - private.retention_period('unmailed');
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('contacts_unmailed', n);

  delete from private.mail_digests d
   where not exists (select 1 from public.contacts c where c.digest_id = d.id or c.spam_digest_id = d.id);
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('digests', n);

  update public.contacts set client_address = null
   where client_address is not null and created_at < now() - address_keep;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('contact_addresses_cleared', n);

  update public.newsletter_subscriptions set client_address = null
   where client_address is not null and created_at < now() - address_keep;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('newsletter_addresses_cleared', n);

  delete from private.newsletter_requests where created_at < now() - address_keep;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('newsletter_requests', n);

  delete from public.newsletter_subscriptions where unsubscribed_at is not null;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('newsletter_unsubscribed', n);

  delete from public.newsletter_subscriptions
   where confirmed_at is null
     and coalesce(confirm_requested_at, created_at)
         < now() - private.retention_period('newsletter_unconfirmed');
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('newsletter_unconfirmed', n);

  raise log 'apply_retention: %', counts;
  return counts;
end
$$;
