-- One bad row cannot stall the sweep (docs/decisions/contact.md, « A refused row is set aside »):
-- * only 5xx, 429, time-outs and lost connections count as a provider outage; a row the provider
--   refuses for good (a 4xx, an SMTP 5xx reply) is set aside (`mail_refused_at`), never retried,
--   counts no failure, and is listed by the next alert (another route) without waiting an hour;
-- * during an outage the probe rotates: the row that failed least recently goes first
--   (`mail_failed_at`), not always the oldest one.

alter table public.contacts
  add column mail_failed_at  timestamptz, -- its last failed send (outage): probes rotate on it
  add column mail_refused_at timestamptz, -- the provider refused it for good: set aside, reported
  add column mail_refusal    text;        -- the provider's answer

/** The provider refused row `contact_id` for good: set aside, the claim given back, no failure counted. */
create function private.set_mail_aside(contact_id uuid, reason text) returns void
  language sql
  set search_path = ''
as $$
  update public.contacts
     set mail_refused_at = now(), mail_refusal = left(reason, 500), mail_claimed_at = null,
         mail_slot_at = null
   where id = contact_id and mailed_at is null;
$$;

/** As in 20261130000200_mail_backoff.sql, and the row's failure time kept for the probe's turn. */
create or replace function private.release_failed_mail(contact_id uuid) returns void
  language sql
  set search_path = ''
as $$
  update public.contacts set mail_claimed_at = null, mail_slot_at = null, mail_failed_at = now()
   where id = contact_id and mailed_at is null;
  select private.record_mail_failure();
$$;

/**
 * As in 20261130000200_mail_backoff.sql, without the rows set aside, and the rows never failed
 * first, then the one that failed least recently: a probe is not always the same row.
 */
create or replace function private.contacts_due_for_mail(older_than interval default '2 minutes')
  returns setof uuid
  language sql stable
  set search_path = ''
as $$
  select id from public.contacts
   where mailed_at is null and spam_reason is null and held_at is null and replaced_by is null
     and mail_refused_at is null
     and created_at < now() - older_than
     and (created_at > now() - interval '7 days' or released_at > now() - interval '7 days')
     and (mail_claimed_at is null or mail_claimed_at < now() - interval '2 minutes')
     and not exists (select 1 from private.mail_outage where retry_after > now())
   order by mail_failed_at nulls first, created_at
   limit (select case when failures > 0 then 1 else 100 end from private.mail_outage)
$$;

/**
 * As in 20261204000100_sweep_secret_and_alert_gates.sql; a row set aside is listed by the next
 * alert at once (it will never be mailed otherwise).
 */
create or replace function private.digest_candidates(digest_kind text) returns setof uuid
  language sql stable
  set search_path = ''
as $$
  select id from public.contacts
   where digest_kind = 'ceiling' and held_at is not null and digest_id is null and mailed_at is null
     and held_at < coalesce(private.mail_ceiling_window(), 'infinity')
  union all
  select id from public.contacts
   where digest_kind = 'spam' and spam_reason in ('honeypot', 'too_fast', 'captcha')
     and spam_digest_id is null and created_at < private.spam_digest_day()
  union all
  select id from public.contacts
   where digest_kind = 'unmailed' and mailed_at is null and spam_reason is null
     and replaced_by is null and alert_digest_id is null
     and (gates_passed_at is not null or held_at is not null)
     and (mail_refused_at is not null
          or greatest(created_at, released_at) + case when held_at is null then interval '0'
                                                       else interval '1 hour' end
             < now() - interval '1 hour')
     and not exists (select 1 from private.mail_digests d
                      where d.kind = 'unmailed' and d.mailed_at > now() - interval '1 hour')
  order by 1
$$;

revoke all on function private.set_mail_aside(uuid, text) from public;
