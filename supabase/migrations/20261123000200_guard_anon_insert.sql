-- One guard for both public forms. The contact and newsletter insert triggers checked the same things
-- in two copies (one row per request, client address, rate limits per address and per e-mail, spam
-- flags); they now call private.guard_anon_insert and keep only what is their own.

/**
 * Checks a row the browser (anon/authenticated) inserts through one of the public forms:
 * - one row per insert request, else 400 `single_row_only` ("Send one <noun> per insert …");
 * - the rate limits `<form>_per_address` and `<form>_per_email` (private.rate_limits), counted in
 *   `log_table` by client_address and lower(email), else 429 `rate_limited`;
 * and returns the request's client address and the spam flag: 'honeypot' when the hidden field is
 * filled, 'too_fast' when the form was filled in under `min_fill_ms` (or the time is missing).
 */
create function private.guard_anon_insert(
  form text, noun text, log_table regclass, email text, site_web text, fill_ms integer,
  min_fill_ms integer, out client_address text, out spam_reason text)
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  statement_key text := txid_current()::text || ':' || statement_timestamp()::text;
  setting text := 'private.' || form || '_statement';
begin
  -- A second row in the same statement refuses the whole request.
  if current_setting(setting, true) = statement_key then
    perform private.raise_http(400, 'single_row_only',
      format('Send one %s per insert (a JSON object, not an array).', noun));
  end if;
  perform set_config(setting, statement_key, true);

  client_address := private.request_client_address();
  perform private.enforce_rate_limit(form || '_per_address', log_table, 'client_address',
                                     client_address);
  perform private.enforce_rate_limit(form || '_per_email', log_table, 'lower(email)', lower(email));
  spam_reason := case
    when btrim(coalesce(site_web, '')) <> '' then 'honeypot'
    when fill_ms is null or fill_ms < min_fill_ms then 'too_fast'
  end;
end
$$;

/** Before each insert by the browser: the shared guard. Service role and owner rows are left alone. */
create or replace function private.contacts_before_insert() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  select guard.client_address, guard.spam_reason into new.client_address, new.spam_reason
    from private.guard_anon_insert('contacts', 'contact request', 'public.contacts', new.email,
                                   new.site_web, new.fill_ms, 3000) as guard;
  return new;
end
$$;

/**
 * Before each sign-up by the browser: the shared guard, the request logged for the rate limits; a
 * repeat sign-up updates the existing row (asking for a new confirmation unless already confirmed)
 * and inserts nothing, with the same 201 answer.
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
  insert into private.newsletter_requests (email, client_address)
    values (new.email, new.client_address);

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

revoke all on function private.guard_anon_insert(text, text, regclass, text, text, integer, integer)
  from public;
