-- Newsletter done properly: double opt-in, unsubscribe, the same answer for a new
-- and an existing address, the same abuse rules as the contact form.
-- * The browser inserts { email, site_web, fill_ms } (201 whatever the address's state: a repeat
--   sign-up updates the existing row and inserts nothing, so 201 vs 409 no longer tells anything),
--   then invokes the `newsletter` function with { email }, which mails the confirmation link when
--   one is due (always answering the same).
-- * Only addresses with confirmed_at set and unsubscribed_at null receive the newsletter
--   (view private.newsletter_recipients).

alter table public.newsletter_subscriptions
  add column confirm_requested_at timestamptz,  -- last sign-up asking for a confirmation e-mail
  add column confirm_mailed_at    timestamptz,  -- last confirmation e-mail sent
  add column confirmed_at         timestamptz,  -- the address owner clicked the signed link
  add column unsubscribed_at      timestamptz,  -- the address owner clicked the unsubscribe link
  add column site_web             text,         -- honeypot
  add column fill_ms              integer,      -- time taken to fill the box, in milliseconds
  add column client_address       text,
  add column spam_reason          text,         -- 'honeypot' or 'too_fast': never mailed
  add constraint newsletter_subscriptions_site_web_too_long check (char_length(site_web) <= 200),
  add constraint newsletter_subscriptions_fill_ms_range check (fill_ms >= 0);

-- The same address rule as public.contacts (contacts_email_format).
alter table public.newsletter_subscriptions
  drop constraint newsletter_subscriptions_email_format,
  add constraint newsletter_subscriptions_email_format check (
    email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
  );

comment on table public.newsletter_subscriptions is 'Newsletter sign-ups with double opt-in. Insert-only for anon/authenticated; recipients are in private.newsletter_recipients.';

revoke insert on table public.newsletter_subscriptions from anon, authenticated;
grant insert (email, site_web, fill_ms) on table public.newsletter_subscriptions to anon, authenticated;

-- Every sign-up request, for the rate limits (a repeat sign-up inserts no subscription row).
create table private.newsletter_requests (
  email          text        not null,
  client_address text,
  created_at     timestamptz not null default now()
);
create index newsletter_requests_address on private.newsletter_requests (client_address, created_at);
create index newsletter_requests_email on private.newsletter_requests (lower(email), created_at);

insert into private.rate_limits (name, max_count, per) values
  ('newsletter_per_address', 10, '1 hour'),
  ('newsletter_per_email', 3, '1 hour');

/** Who receives the newsletter: confirmed and not unsubscribed. */
create view private.newsletter_recipients as
  select email, confirmed_at from public.newsletter_subscriptions
   where confirmed_at is not null and unsubscribed_at is null and spam_reason is null;

/**
 * Before each sign-up by the browser: one row per request, rate limits, spam flags; a repeat
 * sign-up updates the existing row (asking for a new confirmation unless already confirmed) and
 * inserts nothing, with the same 201 answer.
 */
create function private.newsletter_before_insert() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  statement_key text := txid_current()::text || ':' || statement_timestamp()::text;
  spam text;
begin
  if current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  if current_setting('private.newsletter_statement', true) = statement_key then
    perform private.raise_http(400, 'single_row_only',
      'Send one sign-up per insert (a JSON object, not an array).');
  end if;
  perform set_config('private.newsletter_statement', statement_key, true);

  new.client_address := private.request_client_address();
  perform private.enforce_rate_limit('newsletter_per_address', 'private.newsletter_requests',
                                     'client_address', new.client_address);
  perform private.enforce_rate_limit('newsletter_per_email', 'private.newsletter_requests',
                                     'lower(email)', lower(new.email));
  insert into private.newsletter_requests (email, client_address)
    values (new.email, new.client_address);

  spam := case
    when btrim(coalesce(new.site_web, '')) <> '' then 'honeypot'
    when new.fill_ms is null or new.fill_ms < 2000 then 'too_fast'
  end;
  if exists (select 1 from public.newsletter_subscriptions where lower(email) = lower(new.email)) then
    -- Not yet confirmed: a new confirmation e-mail. Unsubscribed: subscribing again needs a new
    -- confirmation. Confirmed: nothing changes.
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

create trigger newsletter_before_insert
  before insert on public.newsletter_subscriptions
  for each row execute function private.newsletter_before_insert();

revoke all on all functions in schema private from public;
grant execute on function private.contacts_due_for_mail(interval) to service_role;
grant select, update on table public.newsletter_subscriptions to service_role;
