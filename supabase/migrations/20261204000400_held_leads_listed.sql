-- Held rows reach the agency within the hour, and are kept until it was told twice
-- (docs/decisions/contact.md, « Held leads are listed within the hour »): a lead held past the
-- ceiling of unverified leads (spam_reason 'unverified') is listed in a digest « Demandes
-- retenues » (kind 'held'), at most one an hour, each with the SQL that releases it; it is listed
-- again in the daily « À vérifier » digest; the retention job deletes it only once listed by both.

alter table private.mail_digests drop constraint mail_digests_kind_check;
alter table private.mail_digests
  add constraint mail_digests_kind_check check (kind in ('ceiling', 'spam', 'unmailed', 'held'));

alter table public.contacts
  add column held_digest_id uuid references private.mail_digests (id) on delete set null;

/**
 * As in 20261204000200_mail_refusals_and_probe.sql, plus 'held' (unverified rows held past their
 * ceiling, none while a held list went out in the last hour), and 'unverified' in « À vérifier ».
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
   where digest_kind = 'spam' and spam_reason in ('honeypot', 'too_fast', 'captcha', 'unverified')
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
  union all
  select id from public.contacts
   where digest_kind = 'held' and spam_reason = 'unverified' and held_digest_id is null
     and not exists (select 1 from private.mail_digests d
                      where d.kind = 'held' and d.mailed_at > now() - interval '1 hour')
  order by 1
$$;

/** As in 20261130000300_unmailed_alert.sql, with the kind 'held' (every candidate listed). */
create or replace function private.claim_digest(digest_kind text, out digest_id uuid, out contacts jsonb)
  language plpgsql
  set search_path = ''
as $$
declare
  d private.mail_digests;
  link text := case digest_kind when 'ceiling' then 'digest_id' when 'spam' then 'spam_digest_id'
                                when 'unmailed' then 'alert_digest_id'
                                when 'held' then 'held_digest_id' end;
begin
  if link is null then
    raise exception 'claim_digest: unknown digest kind "%" (expected ceiling, spam, unmailed or held)',
      digest_kind;
  end if;
  perform pg_advisory_xact_lock(hashtext('private.claim_digest:' || digest_kind));
  select * into d from private.mail_digests
   where kind = digest_kind and mailed_at is null order by created_at limit 1;
  if found and d.claimed_at >= now() - interval '2 minutes' then return; end if;
  if not found then
    if not exists (select 1 from private.digest_candidates(digest_kind)) then return; end if;
    insert into private.mail_digests (kind) values (digest_kind) returning * into d;
    execute format(
      'update public.contacts set %I = $1 where id in (select private.digest_candidates($2) limit $3)',
      link) using d.id, digest_kind, case digest_kind when 'spam' then null when 'held' then null else 200 end;
  end if;
  update private.mail_digests set claimed_at = now() where id = d.id;
  digest_id := d.id;
  execute format(
    'select jsonb_agg(to_jsonb(c) order by c.created_at) from public.contacts c where c.%I = $1', link)
    into contacts using d.id;
end
$$;


/** As in 20261204000300_captcha_check_alert.sql, plus 'held'. */
create or replace function private.digests_due() returns setof text
  language sql stable
  set search_path = ''
as $$
  select kind from (values ('ceiling'), ('spam'), ('unmailed'), ('held')) as k (kind)
   where (k.kind = 'unmailed'
          or not exists (select 1 from private.mail_outage where retry_after > now()))
     and (exists (select 1 from private.digest_candidates(k.kind))
          or exists (select 1 from private.mail_digests d where d.kind = k.kind and d.mailed_at is null))
  union all
  select 'check' where private.captcha_alert_due()
$$;

/**
 * As in 20261130000000_keep_unmailed_leads.sql; a held unverified lead is deleted only once both
 * the hourly held list and the daily « À vérifier » listed it, and a held list is kept an hour.
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
     and (mailed_at is not null or spam_reason is not null or replaced_by is not null)
     and (spam_reason is distinct from 'unverified'
          or (held_digest_id is not null and spam_digest_id is not null));
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('contacts_expired', n);

  delete from public.contacts
   where mailed_at is null and (spam_reason is not null or replaced_by is not null)
     and (spam_reason is distinct from 'unverified'
          or (held_digest_id is not null and spam_digest_id is not null))
     and greatest(last_exchange_at, released_at) < now() - private.retention_period('unmailed');
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('contacts_unmailed', n);

  delete from private.mail_digests d
   where not exists (select 1 from public.contacts c where c.digest_id = d.id or c.spam_digest_id = d.id
                                                      or c.held_digest_id = d.id)
     and (d.kind <> 'held' or d.mailed_at < now() - interval '1 hour');
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
