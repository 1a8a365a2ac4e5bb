-- A trustworthy contact pipeline (each lead mailed once; the forms cannot be used to spam):
-- * one validation: the field checks below mirror supabase/functions/_shared/validation.ts rule for
--   rule (constraint names are <table>_<field>_<rule>, the rule codes of that module); a shared corpus
--   (tests/backend/corpus.test.mjs) proves browser, function and database give the same verdict;
-- * abuse refused here, whatever the client: one row per insert request, rate limits per e-mail
--   address and per client address (HTTP 429 through PostgREST), honeypot and minimum fill time
--   checked (such rows are kept, flagged as spam and never mailed);
-- * exactly one e-mail per row: send-contact-email claims the row (mail_claimed_at) and marks it
--   mailed (mailed_at); rows still unmailed a few minutes after insert are picked up by a sweep
--   (pg_cron + pg_net in production, a timer in the local backend), both through
--   private.contacts_due_for_mail().

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to service_role;

-- ---------------------------------------------------------------------------------------------
-- Columns: what the form sends besides the six fields, and what the server records.
-- ---------------------------------------------------------------------------------------------
alter table public.contacts
  add column site_web        text,        -- honeypot field of the form (people leave it empty)
  add column fill_ms         integer,     -- time the visitor took to fill the form, in milliseconds
  add column client_address  text,        -- client address from the request headers (rate limits)
  add column spam_reason     text,        -- 'honeypot', 'too_fast', 'captcha': never mailed
  add column mail_claimed_at timestamptz, -- a sender is mailing this row since then
  add column mailed_at       timestamptz, -- the agency has been e-mailed (exactly once)
  add column captcha_token   text;        -- Cloudflare Turnstile token, when Turnstile is configured

comment on column public.contacts.spam_reason is 'Set by the server: honeypot filled or form sent too fast. Such rows are kept and never mailed.';

revoke insert on table public.contacts from anon, authenticated;
grant insert (id, prenom, nom, email, telephone, service_souhaite, message, site_web, fill_ms,
              captcha_token)
  on table public.contacts to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- One validation (mirrors validation.ts). Forbidden everywhere: C0/C1 control characters (tab, line
-- feed and carriage return are allowed in the message only), line and paragraph separators, bidi
-- embeddings/overrides/isolates. Single-line fields also refuse zero-width space, word joiner and
-- byte-order mark. "Visible" means a character other than white space and invisible formatting.
-- ---------------------------------------------------------------------------------------------
alter table public.contacts
  drop constraint contacts_prenom_not_blank,
  drop constraint contacts_prenom_length,
  drop constraint contacts_nom_not_blank,
  drop constraint contacts_nom_length,
  drop constraint contacts_email_not_blank,
  drop constraint contacts_email_length,
  drop constraint contacts_email_format,
  drop constraint contacts_telephone_length,
  drop constraint contacts_service_souhaite_not_blank,
  drop constraint contacts_service_souhaite_allowed,
  drop constraint contacts_message_not_blank,
  drop constraint contacts_message_length;

alter table public.contacts
  add constraint contacts_prenom_too_long check (char_length(prenom) <= 100),
  add constraint contacts_prenom_characters
    check (prenom !~ '[\u0000-\u001f\u007f-\u009f\u200b\u2028-\u202e\u2060\u2066-\u2069\ufeff]'),
  add constraint contacts_prenom_letters check (prenom ~ '[[:alpha:]]'),
  add constraint contacts_nom_too_long check (char_length(nom) <= 100),
  add constraint contacts_nom_characters
    check (nom !~ '[\u0000-\u001f\u007f-\u009f\u200b\u2028-\u202e\u2060\u2066-\u2069\ufeff]'),
  add constraint contacts_nom_letters check (nom ~ '[[:alpha:]]'),
  add constraint contacts_email_too_long check (char_length(email) <= 254),
  -- One address, ASCII, no display name, no comma or space, a dotted domain (the HTML standard's
  -- "valid e-mail address" with at least one dot in the domain).
  add constraint contacts_email_format check (
    email ~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
  ),
  add constraint contacts_telephone_too_long check (char_length(telephone) <= 30),
  add constraint contacts_telephone_format
    check (telephone = '' or telephone ~ '^[+]?[0-9 .()\u00a0\u202f-]+$'),
  add constraint contacts_service_souhaite_choice check (
    service_souhaite in (
      'Création de Site Web',
      'Automatisation IA',
      'Services Spécialisés',
      'Support & Maintenance',
      'Consulting Stratégique',
      'Formation Équipe'
    )
  ),
  add constraint contacts_message_too_long check (char_length(message) <= 5000),
  add constraint contacts_message_characters
    check (message !~ '[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]'),
  add constraint contacts_message_required
    check (message ~ '[^\t\n\u000b\u000c\r \u0085\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]'),
  add constraint contacts_site_web_too_long check (char_length(site_web) <= 200),
  add constraint contacts_fill_ms_range check (fill_ms >= 0),
  add constraint contacts_captcha_token_too_long check (char_length(captcha_token) <= 2048);

create index contacts_client_address_created_at on public.contacts (client_address, created_at);
create index contacts_email_created_at on public.contacts (lower(email), created_at);
create index contacts_unmailed on public.contacts (created_at) where mailed_at is null and spam_reason is null;

-- ---------------------------------------------------------------------------------------------
-- Rate limits, one row per limit; change them with an update (the load test raises them).
-- ---------------------------------------------------------------------------------------------
create table private.rate_limits (
  name      text     primary key,
  max_count integer  not null check (max_count > 0),
  per       interval not null
);
insert into private.rate_limits (name, max_count, per) values
  ('contacts_per_address', 10, '1 hour'),
  ('contacts_per_email', 5, '1 hour');

/**
 * The client address of the current API request: the first entry of X-Forwarded-For as PostgREST
 * exposes the request headers (request.headers); null outside an API request.
 */
create function private.request_client_address() returns text
  language sql stable
  set search_path = ''
as $$
  select nullif(btrim(split_part(
    coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json ->> 'x-forwarded-for',
    ',', 1)), '')
$$;

/** Raises a PostgREST error with an HTTP status (RAISE SQLSTATE 'PGRST', PostgREST >= 11). */
create function private.raise_http(status integer, code text, message text, details text default null,
                                   headers json default '{}')
  returns void
  language plpgsql
  set search_path = ''
as $$
begin
  raise sqlstate 'PGRST' using
    message = json_build_object('code', code, 'message', message, 'details', details, 'hint', null)::text,
    detail = json_build_object('status', status, 'headers', headers)::text;
end
$$;

/**
 * Refuses the insert with 429 when `key_value` already has `max_count` rows of `tbl` in the window
 * of `limit_name`. `key_sql` is the expression compared to `key_value`.
 */
create function private.enforce_rate_limit(limit_name text, tbl regclass, key_sql text, key_value text)
  returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  lim private.rate_limits;
  n integer;
  oldest timestamptz;
  retry integer;
begin
  if key_value is null then return; end if;
  select * into lim from private.rate_limits where name = limit_name;
  if not found then return; end if;
  -- Concurrent requests for the same key wait for each other, so the count is exact.
  perform pg_advisory_xact_lock(hashtext(limit_name || ':' || key_value));
  execute format('select count(*), min(created_at) from %s where %s = $1 and created_at > now() - $2',
                 tbl, key_sql)
    into n, oldest using key_value, lim.per;
  if n >= lim.max_count then
    retry := greatest(1, ceil(extract(epoch from (oldest + lim.per - now())))::integer);
    perform private.raise_http(429, 'rate_limited',
      format('Too many requests (%s per %s); retry in %s seconds.', lim.max_count, lim.per, retry),
      format('retry_after=%s', retry),
      json_build_object('Retry-After', retry::text));
  end if;
end
$$;

/**
 * Before each insert by the browser (anon/authenticated): one row per request, rate limits, client
 * address, spam flags. Rows inserted by the service role or the database owner are left alone.
 */
create function private.contacts_before_insert() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  statement_key text := txid_current()::text || ':' || statement_timestamp()::text;
begin
  if current_setting('role', true) not in ('anon', 'authenticated') then
    return new;
  end if;
  -- One row per insert request: a second row in the same statement refuses the whole request.
  if current_setting('private.contacts_statement', true) = statement_key then
    perform private.raise_http(400, 'single_row_only',
      'Send one contact request per insert (a JSON object, not an array).');
  end if;
  perform set_config('private.contacts_statement', statement_key, true);

  new.client_address := private.request_client_address();
  perform private.enforce_rate_limit('contacts_per_address', 'public.contacts', 'client_address',
                                     new.client_address);
  perform private.enforce_rate_limit('contacts_per_email', 'public.contacts', 'lower(email)',
                                     lower(new.email));
  new.spam_reason := case
    when btrim(coalesce(new.site_web, '')) <> '' then 'honeypot'
    when new.fill_ms is null or new.fill_ms < 3000 then 'too_fast'
  end;
  return new;
end
$$;

create trigger contacts_before_insert
  before insert on public.contacts
  for each row execute function private.contacts_before_insert();

-- ---------------------------------------------------------------------------------------------
-- Sending: claim, mark, and the sweep's selection (used by the function and by both sweeps).
-- ---------------------------------------------------------------------------------------------

/**
 * Ids of the rows the sweep must mail: not spam, not mailed, inserted more than `older_than` ago
 * (the browser's own call normally comes first) and less than 7 days ago, not being mailed now.
 */
create function private.contacts_due_for_mail(older_than interval default '2 minutes')
  returns setof uuid
  language sql stable
  set search_path = ''
as $$
  select id from public.contacts
   where mailed_at is null and spam_reason is null
     and created_at < now() - older_than and created_at > now() - interval '7 days'
     and (mail_claimed_at is null or mail_claimed_at < now() - interval '2 minutes')
   order by created_at
   limit 100
$$;

/**
 * Production sweep (pg_cron, every minute): asks send-contact-email to mail each due row, through
 * pg_net. Reads the project URL and the publishable (or anon) key from Supabase Vault, secrets
 * `project_url` and `publishable_key` (written by `npm run deploy`; see docs/deploying.md).
 */
create function private.sweep_unmailed_contacts() returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  base text := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url');
  key text := (select decrypted_secret from vault.decrypted_secrets where name = 'publishable_key');
  due uuid;
  n integer := 0;
begin
  if base is null or key is null then
    raise warning 'sweep_unmailed_contacts: Vault secrets project_url and publishable_key are missing';
    return 0;
  end if;
  for due in select * from private.contacts_due_for_mail() loop
    perform net.http_post(
      url := rtrim(base, '/') || '/functions/v1/send-contact-email',
      headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', key),
      body := jsonb_build_object('id', due)
    );
    n := n + 1;
  end loop;
  return n;
end
$$;

revoke all on all functions in schema private from public;
grant execute on function private.contacts_due_for_mail(interval) to service_role;
grant select, update on table public.contacts to service_role;

-- Production: schedule the sweep every minute where pg_cron and pg_net exist (hosted Supabase).
-- The embedded local backend has neither; it runs the same selection on its own timer.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron')
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron;
    create extension if not exists pg_net;
    perform cron.schedule('sweep-unmailed-contacts', '* * * * *',
                          'select private.sweep_unmailed_contacts()');
  else
    raise notice 'pg_cron/pg_net not available: the contact sweep is not scheduled in this database';
  end if;
end
$$;
