-- The newsletter's limits hold against aliases and scans (issue 52, point 6; docs/decisions/
-- contact.md, « Newsletter limits keyed on the mailbox »):
-- * the per-e-mail limits count a mailbox, not a spelling: `private.email_key` drops a plus-tag
--   (`anne+x@…` is `anne@…`) and, at Gmail (gmail.com, googlemail.com), the dots of the local part;
--   'newsletter_per_email' (3 sign-ups an hour) and the 3 confirmation e-mails ever count by it;
-- * 'newsletter_per_domain': at most 20 sign-ups an hour for one e-mail domain (a scan of one
--   company's addresses, or of one provider's, stops there);
-- * the per-address count has its index again: an expression index on
--   private.address_key(client_address), created_at (the count the guard runs on every anon insert
--   scanned the table since 20261129000200), and the new keys have theirs.

/** The mailbox an e-mail address reaches: lower case, plus-tag dropped, Gmail's dots dropped. */
create function private.email_key(email text) returns text
  language sql immutable strict parallel safe
  set search_path = ''
as $$
  with parts as (
    select split_part(lower(email), '@', 1) as local,
           substr(lower(email), length(split_part(email, '@', 1)) + 2) as domain
  ), untagged as (
    select case when position('+' in local) > 1 then split_part(local, '+', 1) else local end as local,
           case when domain = 'googlemail.com' then 'gmail.com' else domain end as domain
      from parts
  )
  select case when domain = 'gmail.com' then replace(local, '.', '') else local end || '@' || domain
    from untagged;
$$;

/** The domain of an e-mail address, lower case (what follows the first `@`). */
create function private.email_domain(email text) returns text
  language sql immutable strict parallel safe
  set search_path = ''
as $$
  select substr(lower(email), position('@' in email) + 1);
$$;

create index newsletter_requests_address_key
  on private.newsletter_requests (private.address_key(client_address), created_at);
create index newsletter_requests_email_key
  on private.newsletter_requests (private.email_key(email), created_at);
create index newsletter_requests_email_domain
  on private.newsletter_requests (private.email_domain(email), created_at);
create index newsletter_subscriptions_mailbox
  on public.newsletter_subscriptions (private.email_key(email));
-- Superseded by the expression index on address_key (nothing compares the raw column any more);
-- newsletter_requests_email (lower(email)) stays for the erasure of one address.
drop index private.newsletter_requests_address;

-- The shared guard (private.guard_anon_insert) still counts 'newsletter_per_email' by lower(email);
-- the newsletter's trigger counts it by mailbox instead, under a name the guard does not look up.
update private.rate_limits set name = 'newsletter_per_mailbox' where name = 'newsletter_per_email';
insert into private.rate_limits (name, max_count, per) values ('newsletter_per_domain', 20, '1 hour');

/**
 * Before each sign-up by the browser: the shared guard (one row per request, per-address limit,
 * spam flags), the per-mailbox and per-domain limits, the request logged for the limits; a repeat
 * sign-up updates the existing row (asking for a new confirmation unless already confirmed) and
 * inserts nothing, with the same 201 answer. As in 20261123000200_guard_anon_insert.sql otherwise.
 */
create or replace function private.newsletter_before_insert() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  spam text;
begin
  if current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  select guard.client_address, guard.spam_reason into new.client_address, spam
    from private.guard_anon_insert('newsletter', 'sign-up', 'private.newsletter_requests',
                                   new.email, new.site_web, new.fill_ms, 2000) as guard;
  perform private.enforce_rate_limit('newsletter_per_mailbox', 'private.newsletter_requests',
                                     'private.email_key(email)', private.email_key(new.email));
  perform private.enforce_rate_limit('newsletter_per_domain', 'private.newsletter_requests',
                                     'private.email_domain(email)', private.email_domain(new.email));
  insert into private.newsletter_requests (email, client_address)
    values (new.email, new.client_address);
  if exists (select 1 from public.newsletter_subscriptions where lower(email) = lower(new.email)) then
    if spam is null then
      update public.newsletter_subscriptions
         set confirm_requested_at = now(),
             confirmed_at = case when unsubscribed_at is null then confirmed_at end,
             unsubscribed_at = null,
             spam_reason = null
       where lower(email) = lower(new.email) and (confirmed_at is null or unsubscribed_at is not null);
    end if;
    return null; -- nothing inserted, same answer
  end if;
  new.spam_reason := spam;
  new.confirm_requested_at := case when spam is null then now() end;
  return new;
end
$$;

/**
 * As in 20261129000200_newsletter_ceilings.sql, the confirmation e-mails "ever" counted by mailbox
 * (private.email_key). Claims the confirmation e-mail due for `address`. `outcome`: 'claimed' (`subscription_id` set:
 * send it), 'none' (nothing due), 'spent' (the address had its confirmation e-mails), 'ceiling'
 * (the site-wide hourly or daily ceiling is reached: stored, not mailed). Serialised, so the counts
 * are exact under load.
 */
create or replace function private.claim_newsletter_confirmation(address text, out subscription_id uuid,
                                                      out outcome text)
  language plpgsql
  set search_path = ''
as $$
declare
  s public.newsletter_subscriptions;
  lim private.rate_limits;
  sent integer;
begin
  perform pg_advisory_xact_lock(hashtext('private.claim_newsletter_confirmation'));
  select * into s from public.newsletter_subscriptions
   where lower(email) = lower(address) and spam_reason is null and confirm_requested_at is not null
     and confirmed_at is null and unsubscribed_at is null
     and (confirm_mailed_at is null or confirm_mailed_at < confirm_requested_at);
  if not found then
    outcome := 'none';
    return;
  end if;
  select * into lim from private.rate_limits where name = 'newsletter_confirms_per_email_ever';
  -- Counted by mailbox: every spelling of it (plus-tags, Gmail's dots) shares the e-mails.
  if found and (select coalesce(sum(n.confirm_mail_count), 0) from public.newsletter_subscriptions n
                 where private.email_key(n.email) = private.email_key(address)) >= lim.max_count then
    outcome := 'spent';
    return;
  end if;
  for lim in select * from private.rate_limits
              where name in ('newsletter_confirm_per_hour', 'newsletter_confirm_per_day') loop
    select count(*) into sent from private.newsletter_confirm_mails
     where mailed_at >= date_bin(lim.per, now(), timestamptz '2000-01-01 00:00:00+00');
    if sent >= lim.max_count then
      outcome := 'ceiling';
      return;
    end if;
  end loop;
  update public.newsletter_subscriptions
     set confirm_mailed_at = now(), confirm_mail_count = confirm_mail_count + 1
   where id = s.id;
  insert into private.newsletter_confirm_mails default values;
  subscription_id := s.id;
  outcome := 'claimed';
end
$$;

revoke all on function private.email_key(text) from public;
-- The index newsletter_subscriptions_mailbox computes it on the browser's own insert (a pure
-- function of the address it sends; schema private is not exposed by the API).
grant execute on function private.email_key(text) to anon, authenticated;
revoke all on function private.email_domain(text) from public;
