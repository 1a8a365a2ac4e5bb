-- Turnstile verified once per row, the verdict kept (docs/decisions/contact.md, « Turnstile »):
-- send-contact-email verifies the one-use token at the row's first mail attempt and stores the
-- verdict here; retries and the sweep mail on it. A row that could not be verified (no token,
-- refused, expired, Turnstile unreachable) gets spam_reason 'captcha': never mailed as is, listed in
-- the daily « À vérifier » digest and releasable like the other flagged rows.

alter table public.contacts
  add column captcha_verdict    text,        -- 'passed', 'refused', 'expired', 'missing', 'unavailable'
  add column captcha_checked_at timestamptz, -- when the verdict was stored (the token is then cleared)
  add constraint contacts_captcha_verdict_known
    check (captcha_verdict in ('passed', 'refused', 'expired', 'missing', 'unavailable'));

comment on column public.contacts.captcha_verdict is
  'Turnstile verdict, stored once by send-contact-email; anything but passed flags the row ''captcha''.';

/**
 * Stores the Turnstile verdict of row `contact_id` once (a later call changes nothing) and clears
 * the spent token; any verdict but 'passed' flags the row 'captcha' and gives the claim back.
 */
create function private.record_captcha_verdict(contact_id uuid, verdict text) returns void
  language sql
  set search_path = ''
as $$
  update public.contacts
     set captcha_verdict = verdict, captcha_checked_at = now(), captcha_token = null,
         spam_reason = case when verdict = 'passed' then spam_reason else 'captcha' end,
         mail_claimed_at = case when verdict = 'passed' then mail_claimed_at end
   where id = contact_id and captcha_verdict is null;
$$;

/** As before, with the rows Turnstile could not vouch for ('captcha') listed for review too. */
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
  order by 1
$$;

/**
 * Releases a flagged row ('honeypot', 'too_fast' or 'captcha'), e.g. one found in the digest
 * « À vérifier »: the next sweep mails it once, like any lead, without verifying it again.
 */
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
  if c.spam_reason is null or c.spam_reason not in ('honeypot', 'too_fast', 'captcha') then
    raise exception 'release_contact: % is not flagged by the spam heuristics (spam_reason: %)',
      contact_id, coalesce(c.spam_reason, 'none');
  end if;
  update public.contacts
     set released_from = spam_reason, spam_reason = null, released_at = now(), mail_claimed_at = null
   where id = contact_id;
end
$$;

revoke all on function private.record_captcha_verdict(uuid, text) from public;
