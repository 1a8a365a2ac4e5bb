-- A misconfigured Turnstile check is seen (docs/decisions/contact.md, « A misconfigured check
-- alerts »): the function secret without the build's site key makes every verdict 'missing', a
-- wrong secret every verdict 'unavailable', and each lead then goes out « non vérifié » or, past
-- that ceiling, is held. When, over the last 24 hours, 'unavailable' verdicts reach 5, or 'missing'
-- ones reach 10 with not one 'passed', the sweep asks for a digest of kind 'check': one e-mail to
-- the agency through the alert route (`private.captcha_alerts`), at most once per 24 hours.

-- Its own table: the retention job deletes mail digests no row lists, and this one lists none.
create table private.captcha_alerts (
  id         uuid        primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  claimed_at timestamptz,
  mailed_at  timestamptz
);
alter table private.captcha_alerts enable row level security;

insert into private.rate_limits (name, max_count, per) values
  ('captcha_alert_unavailable', 5, '24 hours'),
  ('captcha_alert_missing', 10, '24 hours');

/** The verdicts of the last 24 hours, when they pass a threshold; no row otherwise. */
create function private.captcha_check_figures(out passed integer, out missing integer,
                                              out unavailable integer)
  returns setof record
  language sql stable
  set search_path = ''
as $$
  select * from (
    select count(*) filter (where captcha_verdict = 'passed')::integer,
           count(*) filter (where captcha_verdict = 'missing')::integer,
           count(*) filter (where captcha_verdict = 'unavailable')::integer
      from public.contacts where captcha_checked_at > now() - interval '24 hours') as f (p, m, u)
   where u >= (select max_count from private.rate_limits where name = 'captcha_alert_unavailable')
      or (p = 0 and m >= (select max_count from private.rate_limits where name = 'captcha_alert_missing'))
$$;

/** True when a check alert is due: a threshold passed and none mailed in the last 24 hours. */
create function private.captcha_alert_due() returns boolean
  language sql stable
  set search_path = ''
as $$
  select exists (select 1 from private.captcha_check_figures())
     and not exists (select 1 from private.captcha_alerts
                      where mailed_at > now() - interval '24 hours'
                         or claimed_at > now() - interval '2 minutes')
$$;

/** Claims the check alert when due: its id (the idempotency key) and the figures; else no row. */
create function private.claim_captcha_alert(out digest_id uuid, out passed integer,
                                            out missing integer, out unavailable integer)
  returns setof record
  language plpgsql
  set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('private.claim_digest:check'));
  if not private.captcha_alert_due() then return; end if;
  select a.id into digest_id from private.captcha_alerts a
   where a.mailed_at is null order by a.created_at limit 1;
  if digest_id is null then
    insert into private.captcha_alerts default values returning id into digest_id;
  end if;
  update private.captcha_alerts set claimed_at = now() where id = digest_id;
  select f.passed, f.missing, f.unavailable into passed, missing, unavailable
    from private.captcha_check_figures() f;
  return next;
end
$$;

/** The check alert went out (`sent`) or failed (claim given back). */
create function private.finish_captcha_alert(alert uuid, sent boolean) returns void
  language sql
  set search_path = ''
as $$
  update private.captcha_alerts
     set mailed_at = case when sent then now() end, claimed_at = null
   where id = alert;
$$;

/** As in 20261130000300_unmailed_alert.sql, plus 'check' when a threshold passed. */
create or replace function private.digests_due() returns setof text
  language sql stable
  set search_path = ''
as $$
  select kind from (values ('ceiling'), ('spam'), ('unmailed')) as k (kind)
   where (k.kind = 'unmailed'
          or not exists (select 1 from private.mail_outage where retry_after > now()))
     and (exists (select 1 from private.digest_candidates(k.kind))
          or exists (select 1 from private.mail_digests d where d.kind = k.kind and d.mailed_at is null))
  union all
  select 'check' where private.captcha_alert_due()
$$;

revoke all on function private.captcha_check_figures(), private.captcha_alert_due(),
  private.claim_captcha_alert(), private.finish_captcha_alert(uuid, boolean) from public;
