-- A lead still unmailed an hour after it arrived (a revoked key, a long outage) reaches the agency
-- by another path (docs/decisions/contact.md, « Unmailed after an hour »): a digest of kind
-- 'unmailed', sent by send-contact-email through its alert route (ALERT_SMTP_URL, a mailbox
-- provider other than the main one), lists each such lead in full, once; once it is sent, its rows
-- count as mailed (the agency has them). Not held back by the main route's backoff.

alter table private.mail_digests drop constraint mail_digests_kind_check;
alter table private.mail_digests
  add constraint mail_digests_kind_check check (kind in ('ceiling', 'spam', 'unmailed'));

alter table public.contacts
  add column alert_digest_id uuid references private.mail_digests (id) on delete set null; -- its alert

/**
 * As in 20261129000000_captcha_verdict.sql, plus 'unmailed': leads (not spam, not replaced, not
 * mailed, not alerted yet) older than an hour, from their arrival, release or (held ones) the end
 * of their ceiling window.
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
     and greatest(created_at, released_at) + case when held_at is null then interval '0'
                                                   else interval '1 hour' end
         < now() - interval '1 hour'
  order by 1
$$;

/** As in 20261125000200_mail_ceiling_and_digests.sql, with the kind 'unmailed'. */
create or replace function private.claim_digest(digest_kind text, out digest_id uuid, out contacts jsonb)
  language plpgsql
  set search_path = ''
as $$
declare
  d private.mail_digests;
  link text := case digest_kind when 'ceiling' then 'digest_id' when 'spam' then 'spam_digest_id'
                                when 'unmailed' then 'alert_digest_id' end;
begin
  if link is null then
    raise exception 'claim_digest: unknown digest kind "%" (expected ceiling, spam or unmailed)',
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
      link) using d.id, digest_kind, case digest_kind when 'spam' then null else 200 end;
  end if;
  update private.mail_digests set claimed_at = now() where id = d.id;
  digest_id := d.id;
  execute format(
    'select jsonb_agg(to_jsonb(c) order by c.created_at) from public.contacts c where c.%I = $1', link)
    into contacts using d.id;
end
$$;

/**
 * As in 20261130000200_mail_backoff.sql; an alert's rows count as mailed, and an alert (another
 * route) says nothing about the main route's outage.
 */
create or replace function private.mark_digest_mailed(digest uuid) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  update private.mail_digests set mailed_at = now(), claimed_at = null where id = digest;
  update public.contacts set mailed_at = now(), mail_claimed_at = null
   where (digest_id = digest or alert_digest_id = digest) and mailed_at is null;
  if not exists (select 1 from private.mail_digests where id = digest and kind = 'unmailed') then
    perform private.record_mail_success();
  end if;
end
$$;

/** As in 20261130000200_mail_backoff.sql; a failed alert does not count against the main route. */
create or replace function private.release_digest(digest uuid) returns void
  language plpgsql
  set search_path = ''
as $$
begin
  update private.mail_digests set claimed_at = null where id = digest and mailed_at is null;
  if not exists (select 1 from private.mail_digests where id = digest and kind = 'unmailed') then
    perform private.record_mail_failure();
  end if;
end
$$;

/** As in 20261130000200_mail_backoff.sql, plus 'unmailed', which the main route's backoff skips. */
create or replace function private.digests_due() returns setof text
  language sql stable
  set search_path = ''
as $$
  select kind from (values ('ceiling'), ('spam'), ('unmailed')) as k (kind)
   where (k.kind = 'unmailed'
          or not exists (select 1 from private.mail_outage where retry_after > now()))
     and (exists (select 1 from private.digest_candidates(k.kind))
          or exists (select 1 from private.mail_digests d where d.kind = k.kind and d.mailed_at is null))
$$;
