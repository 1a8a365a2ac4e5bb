-- The one-hour « unmailed » alert can be neither driven nor flooded by a stranger
-- (docs/decisions/contact.md, « Only the sweep asks for a digest »):
-- * send-contact-email sends a digest only to a caller holding the sweep's secret, a random value
--   made here and kept in the database: the function checks it with its database connection
--   (`private.is_sweep_secret`), the sweep (pg_cron below, the local backend's timer) sends it in
--   the `X-Sweep-Secret` header. Nothing to deploy: no stranger can read the private schema.
-- * the alert lists only rows that passed the same gates as a normal mail (they took a mail slot:
--   `gates_passed_at`), counts the others (`private.digest_unlisted`), and goes out at most once
--   an hour.

create table private.sweep_secret (
  singleton boolean primary key default true check (singleton),
  secret    text not null
);
alter table private.sweep_secret enable row level security;
insert into private.sweep_secret (secret)
  values (replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));

/** True when `candidate` is the sweep's secret. */
create function private.is_sweep_secret(candidate text) returns boolean
  language sql stable
  set search_path = ''
as $$
  select coalesce(candidate is not null and candidate = (select secret from private.sweep_secret), false)
$$;

/**
 * As in 20261130000300_unmailed_alert.sql, with the alert's rows restricted: only leads that took a
 * mail slot or were held by the hourly ceiling (past every check, as for a normal mail), and none while an alert went out in the last
 * hour (one being claimed now is not sent yet).
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
     and (gates_passed_at is not null or held_at is not null)
     and greatest(created_at, released_at) + case when held_at is null then interval '0'
                                                   else interval '1 hour' end
         < now() - interval '1 hour'
     and not exists (select 1 from private.mail_digests d
                      where d.kind = 'unmailed' and d.mailed_at > now() - interval '1 hour')
  order by 1
$$;

/**
 * How many rows a digest of this kind leaves out: for the alert, the leads unmailed for an hour
 * (under 7 days) that never passed the gates of a normal mail (never tried, or forged); else 0.
 */
create function private.digest_unlisted(digest_kind text) returns integer
  language sql stable
  set search_path = ''
as $$
  select case when digest_kind <> 'unmailed' then 0 else (
    select count(*)::integer from public.contacts
     where mailed_at is null and spam_reason is null and replaced_by is null
       and gates_passed_at is null and held_at is null
       and created_at between now() - interval '7 days' and now() - interval '1 hour') end
$$;

/**
 * As in 20261125000200_mail_ceiling_and_digests.sql: the production sweep (pg_cron, every minute),
 * now sending the sweep's secret with each call.
 */
create or replace function private.sweep_unmailed_contacts() returns integer
  language plpgsql
  security definer
  set search_path = ''
as $$
declare
  base text := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url');
  key text := (select decrypted_secret from vault.decrypted_secrets where name = 'publishable_key');
  body jsonb;
  n integer := 0;
begin
  if base is null or key is null then
    raise warning 'sweep_unmailed_contacts: Vault secrets project_url and publishable_key are missing';
    return 0;
  end if;
  for body in
    select jsonb_build_object('id', due) from private.contacts_due_for_mail() as due
    union all
    select jsonb_build_object('digest', kind) from private.digests_due() as kind
  loop
    perform net.http_post(
      url := rtrim(base, '/') || '/functions/v1/send-contact-email',
      headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', key,
                                    'X-Sweep-Secret', (select secret from private.sweep_secret)),
      body := body
    );
    n := n + 1;
  end loop;
  return n;
end
$$;

revoke all on function private.is_sweep_secret(text), private.digest_unlisted(text),
  private.sweep_unmailed_contacts() from public;
