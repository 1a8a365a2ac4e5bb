-- What the privacy page (src/content/legal/politique-confidentialite.md) promises, done by the
-- database:
-- * retention: private.apply_retention() deletes contact requests once their period has passed since
--   the last exchange (last_exchange_at), unmailed rows (spam included) sooner, unconfirmed and
--   unsubscribed newsletter addresses, the digests left without rows, and clears client addresses
--   once the rate limits no longer count them. pg_cron runs it every hour in production; the local
--   backend runs it on its own timer (local-backend/index.mjs).
-- * the periods live in private.retention_periods; `npm run deploy` and the local backend write
--   them from src/content/settings/site.yaml (src/lib/privacy/retention.mjs). The values below are that
--   file's at the time of writing and only matter until the first deploy.
-- * rights: private.personal_data(email) (access, portability), private.erase_personal_data(email)
--   (erasure, logged in private.erasures as a date and a SHA-256 of the address),
--   private.record_exchange(email) (moves last_exchange_at to now). `npm run privacy` calls them.

alter table public.contacts add column last_exchange_at timestamptz;
update public.contacts set last_exchange_at = created_at;
alter table public.contacts
  alter column last_exchange_at set default now(),
  alter column last_exchange_at set not null;
comment on column public.contacts.last_exchange_at is 'Last exchange with this person (insert, then private.record_exchange): the retention counts from it.';
create index contacts_last_exchange_at on public.contacts (last_exchange_at);
create index newsletter_subscriptions_created_at on public.newsletter_subscriptions (created_at);
create index newsletter_requests_created_at on private.newsletter_requests (created_at);

/** How long each kind of personal data is kept; written from the settings at deploy. */
create table private.retention_periods (
  name text     primary key check (name in ('contacts', 'unmailed', 'newsletter_unconfirmed',
                                                'client_address')),
  keep interval not null check (keep > interval '0')
);
alter table private.retention_periods enable row level security;
insert into private.retention_periods (name, keep) values
  ('contacts', '3 years'),              -- figures.dataRetention, from the last exchange
  ('unmailed', '30 days'),              -- figures.spamRetention: spam and never-mailed requests
  ('newsletter_unconfirmed', '30 days'),-- figures.signupConfirmDelay, from the last sign-up
  ('client_address', '1 hour');         -- figures.addressRetention, at least the rate-limit windows

/** Erasures done on request: the day and the SHA-256 of the lower-cased address, nothing else. */
create table private.erasures (
  erased_on    date not null default current_date,
  email_sha256 text not null check (email_sha256 ~ '^[0-9a-f]{64}$')
);
alter table private.erasures enable row level security;

/** The SHA-256 (hex) of an e-mail address, trimmed and lower-cased. */
create function private.email_sha256(email text) returns text
  language sql immutable
  set search_path = ''
as $$
  select encode(sha256(convert_to(lower(btrim(email)), 'UTF8')), 'hex')
$$;

/** The period `period_name` of private.retention_periods; an error when it is missing. */
create function private.retention_period(period_name text) returns interval
  language plpgsql stable
  set search_path = ''
as $$
declare
  kept interval := (select keep from private.retention_periods where name = period_name);
begin
  if kept is null then
    raise exception 'retention_period: no period "%" in private.retention_periods', period_name;
  end if;
  return kept;
end
$$;

/**
 * Deletes and clears what the retention periods no longer allow; returns the counts (and logs them,
 * never a row's content). Idempotent: a second run finds nothing more to do.
 * - contacts: last_exchange_at older than 'contacts'; never mailed (spam, held, failed) and no
 *   exchange or release within 'unmailed';
 * - mail_digests listing none of the remaining rows;
 * - client addresses (contacts, newsletter) and the newsletter's request log: older than
 *   'client_address', and never before the longest rate-limit window has passed;
 * - newsletter: every unsubscribed address; unconfirmed sign-ups whose last request is older than
 *   'newsletter_unconfirmed'.
 */
create function private.apply_retention() returns jsonb
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

  delete from public.contacts where last_exchange_at < now() - private.retention_period('contacts');
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('contacts_expired', n);

  delete from public.contacts
   where mailed_at is null
     and greatest(last_exchange_at, released_at) < now() - private.retention_period('unmailed');
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('contacts_unmailed', n);

  delete from private.mail_digests d
   where not exists (select 1 from public.contacts c where c.digest_id = d.id or c.spam_digest_id = d.id);
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

/**
 * Everything stored about `email` (compared case-insensitively), as one JSON document: contact
 * requests, the digests that list them, newsletter sign-ups and sign-up requests.
 */
create function private.personal_data(email text) returns jsonb
  language sql stable
  security definer
  set search_path = ''
as $$
  with c as (select * from public.contacts where lower(contacts.email) = lower(btrim(personal_data.email)))
  select jsonb_build_object(
    'email', btrim(personal_data.email),
    'contacts', coalesce((select jsonb_agg(to_jsonb(c) order by c.created_at) from c), '[]'),
    'mail_digests', coalesce((select jsonb_agg(to_jsonb(d) order by d.created_at)
                                from private.mail_digests d
                               where d.id in (select digest_id from c union select spam_digest_id from c)),
                             '[]'),
    'newsletter_subscriptions',
      coalesce((select jsonb_agg(to_jsonb(s) order by s.created_at) from public.newsletter_subscriptions s
                 where lower(s.email) = lower(btrim(personal_data.email))), '[]'),
    'newsletter_requests',
      coalesce((select jsonb_agg(to_jsonb(r) order by r.created_at) from private.newsletter_requests r
                 where lower(r.email) = lower(btrim(personal_data.email))), '[]'))
$$;

/**
 * Deletes everything stored about `email` in one transaction (the digests left without rows too)
 * and, when something was deleted, records the erasure in private.erasures. Returns the counts.
 */
create function private.erase_personal_data(email text) returns jsonb
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  address text := lower(btrim(email));
  digests uuid[];
  counts jsonb := '{}';
  n integer;
  total integer := 0;
begin
  select array_agg(x) into digests from (
    select digest_id from public.contacts where lower(contacts.email) = address
    union select spam_digest_id from public.contacts where lower(contacts.email) = address) as d(x)
   where x is not null;

  delete from public.contacts where lower(contacts.email) = address;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('contacts', n);
  total := total + n;

  delete from private.mail_digests d
   where d.id = any(coalesce(digests, '{}'))
     and not exists (select 1 from public.contacts c where c.digest_id = d.id or c.spam_digest_id = d.id);
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('mail_digests', n);

  delete from public.newsletter_subscriptions s where lower(s.email) = address;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('newsletter_subscriptions', n);
  total := total + n;

  delete from private.newsletter_requests r where lower(r.email) = address;
  get diagnostics n = row_count;
  counts := counts || jsonb_build_object('newsletter_requests', n);
  total := total + n;

  if total > 0 then
    insert into private.erasures (email_sha256) values (private.email_sha256(address));
  end if;
  return counts;
end
$$;

/** Moves the last exchange of every contact request from `email` to now; returns how many. */
create function private.record_exchange(email text) returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  n integer;
begin
  update public.contacts set last_exchange_at = now()
   where lower(contacts.email) = lower(btrim(record_exchange.email));
  get diagnostics n = row_count;
  return n;
end
$$;

revoke all on all functions in schema private from public;
grant execute on function private.contacts_due_for_mail(interval) to service_role;

-- Production: run the retention every hour (minute 17) where pg_cron exists (hosted Supabase).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('apply-retention', '17 * * * *', 'select private.apply_retention()');
  else
    raise notice 'pg_cron not available: the retention job is not scheduled in this database';
  end if;
end
$$;
