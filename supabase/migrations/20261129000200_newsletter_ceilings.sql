-- The newsletter box cannot make the agency's domain mail strangers (docs/decisions/contact.md,
-- « Newsletter ceilings »):
-- * a site-wide ceiling of confirmation e-mails per hour and per day (private.rate_limits
--   'newsletter_confirm_per_hour', 'newsletter_confirm_per_day'; windows on the UTC clock): past it
--   a sign-up is stored and not mailed, and the agency is told once a day;
-- * at most 'newsletter_confirms_per_email_ever' confirmation e-mails per address while its row exists;
-- * the per-address limits of both forms key an IPv6 address on its /64 (one subscriber's network).

alter table public.newsletter_subscriptions
  add column confirm_mail_count integer not null default 0; -- confirmation e-mails sent to it

-- One row per confirmation e-mail claimed, for the site-wide ceilings (no personal data).
create table private.newsletter_confirm_mails (mailed_at timestamptz not null default now());
create index newsletter_confirm_mails_at on private.newsletter_confirm_mails (mailed_at);

-- The day windows (UTC) in which the agency was told the ceiling was reached.
create table private.newsletter_ceiling_alerts (window_start timestamptz primary key);

insert into private.rate_limits (name, max_count, per) values
  ('newsletter_confirm_per_hour', 30, '1 hour'),
  ('newsletter_confirm_per_day', 100, '1 day'),
  -- "ever": counted on the row, `per` unused (a name outside the retention job's _per_address/_email)
  ('newsletter_confirms_per_email_ever', 3, '100 years');

/**
 * Claims the confirmation e-mail due for `address`. `outcome`: 'claimed' (`subscription_id` set:
 * send it), 'none' (nothing due), 'spent' (the address had its confirmation e-mails), 'ceiling'
 * (the site-wide hourly or daily ceiling is reached: stored, not mailed). Serialised, so the counts
 * are exact under load.
 */
create function private.claim_newsletter_confirmation(address text, out subscription_id uuid,
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
  if found and s.confirm_mail_count >= lim.max_count then
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

/** Gives a claimed confirmation back after a failed send (the ceiling keeps counting it). */
create function private.release_newsletter_confirmation(subscription_id uuid) returns void
  language sql
  set search_path = ''
as $$
  update public.newsletter_subscriptions
     set confirm_mailed_at = null, confirm_mail_count = greatest(confirm_mail_count - 1, 0)
   where id = subscription_id;
$$;

/** Today's window (UTC) when the agency has not been told of the ceiling yet today, else null. */
create function private.claim_newsletter_ceiling_alert() returns timestamptz
  language sql
  set search_path = ''
as $$
  insert into private.newsletter_ceiling_alerts (window_start)
  values (date_bin('1 day', now(), timestamptz '2000-01-01 00:00:00+00'))
  on conflict do nothing
  returning window_start;
$$;

/** The key of a client address for the per-address limits: an IPv6 address's /64, else itself. */
create function private.address_key(address text) returns text
  language plpgsql immutable
  set search_path = ''
as $$
declare
  ip inet;
begin
  if address is null or position(':' in address) = 0 then return address; end if;
  ip := address::inet;
  if family(ip) <> 6 or ip << inet '::ffff:0:0/96' then return address; end if;
  return network(set_masklen(ip, 64))::text;
exception when others then
  return address; -- not an address: compared as it is
end
$$;

/** As in 20261123000200_guard_anon_insert.sql, the per-address limit keyed by address_key. */
create or replace function private.guard_anon_insert(
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
  perform private.enforce_rate_limit(form || '_per_address', log_table,
                                     'private.address_key(client_address)',
                                     private.address_key(client_address));
  perform private.enforce_rate_limit(form || '_per_email', log_table, 'lower(email)', lower(email));
  spam_reason := case
    when btrim(coalesce(site_web, '')) <> '' then 'honeypot'
    when fill_ms is null or fill_ms < min_fill_ms then 'too_fast'
  end;
end
$$;

revoke all on function private.claim_newsletter_confirmation(text) from public;
revoke all on function private.release_newsletter_confirmation(uuid) from public;
revoke all on function private.claim_newsletter_ceiling_alert() from public;
revoke all on function private.address_key(text) from public;
