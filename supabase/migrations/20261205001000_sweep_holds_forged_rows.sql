-- A flood of forged REST inserts costs the sweep one function call a run, not one a row
-- (docs/decisions/contact.md, « Sweep of unmailed leads »): while Turnstile is on, a row without a
-- token that no visitor's call reached is held anyway at its first sweep (as
-- 20261204000500_recovery_within_minutes.sql holds it in `private.take_mail_slot`), but the sweep
-- handed each one to send-contact-email: one HTTP call (and a claim, a verdict, a slot check) per
-- forged row. Now each run holds all such rows but the oldest in one statement, with what the
-- function would have stored ('missing', 'unverified'); the oldest still goes to the function,
-- so the function's path stays the one that decides. Held rows are listed by the hourly
-- « Demandes retenues » (20261204000400_held_leads_listed.sql).
--
-- The unmailed alert still counts them until a held list names them: held during an outage (held
-- lists wait for the provider), they are no longer « never tried », but told to no one yet.
--
-- Turnstile is on, for the database, when the last row that took a mail slot has a verdict: the
-- function stores one for every row when TURNSTILE_SECRET_KEY is set, none when it is not. Once
-- Turnstile is turned off, the next row that takes a slot (the one row still handed over) has none,
-- and the following runs hand every row over again.

create index contacts_gates_passed_at on public.contacts (gates_passed_at)
  where gates_passed_at is not null;

/** True when the last row that took a mail slot carries a Turnstile verdict (Turnstile on). */
create function private.turnstile_seen_on() returns boolean
  language sql stable
  set search_path = ''
as $$
  select coalesce((select captcha_verdict is not null from public.contacts
                    where gates_passed_at is not null
                    order by gates_passed_at desc limit 1), false)
$$;

/**
 * With Turnstile on, holds every row without a token that no visitor's call reached (unmailed,
 * 2 minutes old, no verdict) but the oldest, as the function would ('missing', 'unverified');
 * returns how many. A correction of a row that passed Turnstile is left to the function (it
 * inherits 'passed').
 */
create function private.hold_sweep_only_rows() returns integer
  language plpgsql
  set search_path = ''
as $$
declare
  n integer;
begin
  perform pg_advisory_xact_lock(hashtext('private.claim_contact_mail'));
  if not private.turnstile_seen_on() then return 0; end if;
  update public.contacts
     set captcha_verdict = 'missing', captcha_checked_at = now(), spam_reason = 'unverified'
   where id in (
     select c.id from public.contacts c
      where c.mailed_at is null and c.spam_reason is null and c.held_at is null
        and c.replaced_by is null and c.mail_refused_at is null and c.released_at is null
        and c.captcha_token is null and c.captcha_verdict is null
        and c.created_at < now() - interval '2 minutes'
        and c.created_at > now() - interval '7 days'
        and (c.mail_claimed_at is null or c.mail_claimed_at < now() - interval '2 minutes')
        and not exists (select 1 from public.contacts r
                         where r.replaced_by = c.id and r.captcha_verdict = 'passed')
      order by c.created_at
      offset 1);
  get diagnostics n = row_count;
  return n;
end
$$;

/** As in 20261204000100_sweep_secret_and_alert_gates.sql, holding the forged rows first. */
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
  perform private.hold_sweep_only_rows();
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

/**
 * As in 20261204000100_sweep_secret_and_alert_gates.sql, counting too the rows held as unverified
 * that no held list named yet (a sweep during an outage holds them; the held list waits for it).
 */
create or replace function private.digest_unlisted(digest_kind text) returns integer
  language sql stable
  set search_path = ''
as $$
  select case when digest_kind <> 'unmailed' then 0 else (
    select count(*)::integer from public.contacts
     where mailed_at is null and replaced_by is null and gates_passed_at is null and held_at is null
       and (spam_reason is null or (spam_reason = 'unverified' and held_digest_id is null))
       and created_at between now() - interval '7 days' and now() - interval '1 hour') end
$$;

revoke all on function private.turnstile_seen_on(), private.hold_sweep_only_rows(),
  private.sweep_unmailed_contacts() from public;
