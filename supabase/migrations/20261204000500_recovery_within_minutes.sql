-- Leads reach the agency within 5 minutes of the mail provider's recovery (docs/decisions/contact.md,
-- « Sweep of unmailed leads »): the sweep's wait during an outage doubled up to 30 minutes, so after
-- a long outage the first probe came up to 30 minutes after the provider was back. It now doubles up
-- to 4 minutes: one probe every 4 minutes at worst (15 calls an hour to a provider that is down).
-- And forged REST inserts cannot take the slots of real unverified leads: a row without a token
-- that no visitor's call reached (the sweep verified it first) is held at once for the hourly list.

/** As in 20261130000200_mail_backoff.sql, the wait capped at 4 minutes. */
create or replace function private.record_mail_failure() returns void
  language sql
  set search_path = ''
as $$
  update private.mail_outage
     set failures = failures + 1,
         retry_after = now() + least(interval '1 minute' * power(2, least(failures, 10)),
                                     interval '4 minutes');
$$;

/**
 * As in 20261204000000_unverified_leads_mailed.sql; a row with no token that no visitor's call
 * reached (first verified by the sweep, 2 minutes after its insert) is held at once: REST inserts
 * that never call the function cannot take the slots of real leads without a token.
 *
 * The ceilings, for a claimed row that passed its checks: 'ok' (a slot is taken: mail it),
 * 'review' (an unverified row past `contacts_unverified_ceiling`: held as 'unverified' for the
 * hourly list) or 'held' (past `contacts_mail_ceiling`: waits for the ceiling digest). An unverified
 * row counts in both ceilings.
 */
create or replace function private.take_mail_slot(contact_id uuid) returns text
  language plpgsql
  set search_path = ''
as $$
declare
  c public.contacts;
  ceiling integer;
  sent integer;
begin
  perform pg_advisory_xact_lock(hashtext('private.claim_contact_mail'));
  select * into c from public.contacts where id = contact_id;
  -- No token, and no visitor's call: only the sweep reached it (a forged insert, or a closed tab).
  if c.captcha_verdict = 'missing' and c.released_at is null
     and c.captcha_checked_at >= c.created_at + interval '2 minutes' then
    update public.contacts set spam_reason = 'unverified', mail_claimed_at = null where id = contact_id;
    return 'review';
  end if;
  if private.is_unverified(c.captcha_verdict) and c.released_at is null then
    select max_count into ceiling from private.rate_limits where name = 'contacts_unverified_ceiling';
    select count(*) into sent from public.contacts
     where id <> contact_id and private.is_unverified(captcha_verdict) and released_at is null
       and gates_passed_at >= date_bin(interval '1 hour', now(), timestamptz '2000-01-01 00:00:00+00');
    if ceiling is not null and sent >= ceiling then
      update public.contacts set spam_reason = 'unverified', mail_claimed_at = null
       where id = contact_id;
      return 'review';
    end if;
  end if;
  select max_count into ceiling from private.rate_limits where name = 'contacts_mail_ceiling';
  if ceiling is not null then
    select count(*) into sent from public.contacts
     where digest_id is null and id <> contact_id
       and (mailed_at >= private.mail_ceiling_window()
            or (mailed_at is null and mail_slot_at >= now() - interval '2 minutes'));
    if sent >= ceiling then
      update public.contacts set held_at = now(), mail_claimed_at = null where id = contact_id;
      return 'held';
    end if;
  end if;
  update public.contacts set mail_slot_at = now(), gates_passed_at = coalesce(gates_passed_at, now())
   where id = contact_id;
  return 'ok';
end
$$;

