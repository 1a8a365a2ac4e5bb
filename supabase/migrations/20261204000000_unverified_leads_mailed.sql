-- With Turnstile on, a lead Turnstile could not vouch for is mailed at once, not held for the daily
-- review (docs/decisions/contact.md, « Unverified leads »): a row whose verdict is 'missing' (no
-- token: a post without JavaScript, a send before the widget was solved), 'expired' or
-- 'unavailable' (siteverify down or too slow) takes a slot of a small ceiling of its own,
-- `contacts_unverified_ceiling` (5 per clock hour), and is mailed marked « non vérifié »; only past
-- that ceiling is it held (spam_reason 'unverified'), listed within the hour with a release link.
-- A correction (edit and resend) inherits the 'passed' verdict of the row it replaces. Only a
-- 'refused' token (one Turnstile never issued) still flags the row 'captcha'.

alter table public.contacts
  add column gates_passed_at timestamptz; -- when it took a mail slot: it passed every check

insert into private.rate_limits (name, max_count, per) values ('contacts_unverified_ceiling', 5, '1 hour');

/** True for the verdicts that say nothing of the sender: no token, spent or late, no answer. */
create function private.is_unverified(verdict text) returns boolean
  language sql immutable
  set search_path = ''
as $$
  select coalesce(verdict in ('missing', 'expired', 'unavailable'), false)
$$;

drop function private.record_captcha_verdict(uuid, text);

/**
 * Stores the Turnstile verdict of row `contact_id` once and clears the spent token; returns the
 * verdict stored. A correction whose token was spent by the row it replaces inherits that row's
 * 'passed'. 'refused' flags the row 'captcha' (kept for review) and gives the claim back; the
 * other verdicts keep the claim: the function goes on to take a slot.
 */
create function private.record_captcha_verdict(contact_id uuid, verdict text) returns text
  language plpgsql
  set search_path = ''
as $$
declare
  stored text;
begin
  if verdict <> 'passed' and exists (
    select 1 from public.contacts r
     where r.replaced_by = contact_id and r.captcha_verdict = 'passed') then
    verdict := 'passed';
  end if;
  update public.contacts
     set captcha_verdict = verdict, captcha_checked_at = now(), captcha_token = null,
         spam_reason = case when verdict = 'refused' then 'captcha' else spam_reason end,
         mail_claimed_at = case when verdict = 'refused' then null else mail_claimed_at end
   where id = contact_id and captcha_verdict is null;
  select captcha_verdict into stored from public.contacts where id = contact_id;
  return stored;
end
$$;

/**
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

create index contacts_unverified_slots on public.contacts (gates_passed_at)
  where captcha_verdict in ('missing', 'expired', 'unavailable');

/** As in 20261129000000_captcha_verdict.sql, 'unverified' (held past its ceiling) releasable too. */
create or replace function private.release_contact(contact_id uuid) returns void
  language plpgsql
  set search_path = ''
as $$
declare
  c public.contacts;
begin
  select * into c from public.contacts where id = contact_id for update;
  if not found then
    raise exception 'release_contact: no contact request with id %', contact_id;
  end if;
  if c.released_at is not null then
    raise exception 'release_contact: % was already released at %', contact_id, c.released_at;
  end if;
  if c.spam_reason is null or c.spam_reason not in ('honeypot', 'too_fast', 'captcha', 'unverified') then
    raise exception 'release_contact: % is not flagged by the spam heuristics (spam_reason: %)',
      contact_id, coalesce(c.spam_reason, 'none');
  end if;
  update public.contacts
     set released_from = spam_reason, spam_reason = null, released_at = now(), mail_claimed_at = null
   where id = contact_id;
end
$$;

revoke all on function private.record_captcha_verdict(uuid, text), private.is_unverified(text)
  from public;
