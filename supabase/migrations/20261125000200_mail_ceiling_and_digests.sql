-- Nothing lost, the inbox never flooded:
-- * a site-wide ceiling on lead e-mails per hour (private.rate_limits 'contacts_mail_ceiling'): a row
--   over it is kept (held_at) and mailed with the others of its hour in ONE digest when the hour turns;
-- * rows flagged by the spam heuristics (honeypot, too_fast) are listed once a day in a digest
--   « À vérifier » (after midnight, Paris time, for the rows of the days before), and one can be
--   released (private.release_contact) to be mailed once like any lead.
-- Every e-mail goes through send-contact-email: a row is claimed by private.claim_contact_mail, a
-- digest by private.claim_digest (claimed_at / mailed_at, as for rows), so each is sent exactly once.
-- The sweep (pg_cron below, a timer in the local backend) asks the function for each due digest.

alter table public.contacts
  add column held_at        timestamptz, -- over the hourly ceiling: waits for the ceiling digest
  add column digest_id      uuid,        -- the ceiling digest that mailed it
  add column spam_digest_id uuid,        -- the « À vérifier » digest that listed it
  add column released_at    timestamptz, -- a flagged row released by the agency (then mailed once)
  add column released_from  text;        -- the spam_reason it had before its release

create table private.mail_digests (
  id         uuid        primary key default gen_random_uuid(),
  kind       text        not null check (kind in ('ceiling', 'spam')),
  created_at timestamptz not null default now(),
  claimed_at timestamptz, -- being sent since then
  mailed_at  timestamptz  -- sent (exactly once; the id is the provider's idempotency key)
);

alter table public.contacts
  add constraint contacts_digest_id_fkey foreign key (digest_id) references private.mail_digests (id),
  add constraint contacts_spam_digest_id_fkey
    foreign key (spam_digest_id) references private.mail_digests (id);

create index contacts_mailed_at on public.contacts (mailed_at) where digest_id is null;
create index contacts_mail_claimed_at on public.contacts (mail_claimed_at) where mailed_at is null;
create index contacts_held on public.contacts (held_at) where digest_id is null;
create index contacts_flagged on public.contacts (created_at)
  where spam_digest_id is null and spam_reason is not null;

-- 20 lead e-mails per clock hour by default; change it with an update (the load test raises it).
insert into private.rate_limits (name, max_count, per) values ('contacts_mail_ceiling', 20, '1 hour');

/** Start of the current ceiling window (on the clock: 10:00, 11:00… for '1 hour'); null: no ceiling. */
create function private.mail_ceiling_window() returns timestamptz
  language sql stable
  set search_path = ''
as $$
  select date_bin(per, now(), timestamptz '2000-01-01 00:00:00+00')
    from private.rate_limits where name = 'contacts_mail_ceiling'
$$;

/** Midnight of the current day in Paris: the « À vérifier » digest lists flagged rows from before it. */
create function private.spam_digest_day() returns timestamptz
  language sql stable
  set search_path = ''
as $$
  select date_trunc('day', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris'
$$;

/**
 * Claims row `contact_id` for one e-mail. `outcome`: 'claimed' (send it, then mark it mailed),
 * 'held' (over the ceiling: kept for the ceiling digest; nothing to send now), 'unknown', 'mailed',
 * 'spam', 'busy' (another sender claimed it less than 2 minutes ago). `contact`: the row as JSON.
 * Claims are serialised, so the count against the ceiling is exact.
 */
create function private.claim_contact_mail(contact_id uuid, out outcome text, out contact jsonb)
  language plpgsql
  set search_path = ''
as $$
declare
  c public.contacts;
  ceiling integer;
  sent integer;
begin
  perform pg_advisory_xact_lock(hashtext('private.claim_contact_mail'));
  select * into c from public.contacts where id = contact_id;
  if not found then
    outcome := 'unknown';
    return;
  end if;
  contact := to_jsonb(c);
  outcome := case
    when c.mailed_at is not null then 'mailed'
    when c.spam_reason is not null then 'spam'
    when c.held_at is not null then 'held'
    when c.mail_claimed_at >= now() - interval '2 minutes' then 'busy'
  end;
  if outcome is not null then return; end if;

  select max_count into ceiling from private.rate_limits where name = 'contacts_mail_ceiling';
  if ceiling is not null then
    select count(*) into sent from public.contacts
     where digest_id is null
       and (mailed_at >= private.mail_ceiling_window()
            or (mailed_at is null and mail_claimed_at >= now() - interval '2 minutes'));
    if sent >= ceiling then
      update public.contacts set held_at = now() where id = contact_id;
      outcome := 'held';
      return;
    end if;
  end if;
  update public.contacts set mail_claimed_at = now() where id = contact_id;
  outcome := 'claimed';
end
$$;

/**
 * Ids of the rows a digest of `digest_kind` would take now, oldest first: for 'ceiling', rows held in
 * a past window (or any held row when the ceiling is removed); for 'spam', rows flagged 'honeypot' or
 * 'too_fast' before today (Paris) and not listed yet.
 */
create function private.digest_candidates(digest_kind text) returns setof uuid
  language sql stable
  set search_path = ''
as $$
  select id from public.contacts
   where digest_kind = 'ceiling' and held_at is not null and digest_id is null and mailed_at is null
     and held_at < coalesce(private.mail_ceiling_window(), 'infinity')
  union all
  select id from public.contacts
   where digest_kind = 'spam' and spam_reason in ('honeypot', 'too_fast') and spam_digest_id is null
     and created_at < private.spam_digest_day()
  order by 1
$$;

/**
 * Claims the digest of `digest_kind` ('ceiling' or 'spam') to send: an unsent one whose sender
 * failed (same id, same rows), else a new one with the due rows (a ceiling digest takes at most 200:
 * the next sweep sends the rest). Returns null when nothing is due or another sender has it.
 * `contacts`: its rows as a JSON array, oldest first.
 */
create function private.claim_digest(digest_kind text, out digest_id uuid, out contacts jsonb)
  language plpgsql
  set search_path = ''
as $$
declare
  d private.mail_digests;
  link text := case digest_kind when 'ceiling' then 'digest_id' when 'spam' then 'spam_digest_id' end;
begin
  if link is null then
    raise exception 'claim_digest: unknown digest kind "%" (expected ceiling or spam)', digest_kind;
  end if;
  perform pg_advisory_xact_lock(hashtext('private.claim_digest:' || digest_kind));
  select * into d from private.mail_digests
   where kind = digest_kind and mailed_at is null order by created_at limit 1;
  if found and d.claimed_at >= now() - interval '2 minutes' then return; end if;
  if not found then
    if not exists (select 1 from private.digest_candidates(digest_kind)) then return; end if;
    insert into private.mail_digests (kind) values (digest_kind) returning * into d;
    execute format(
      'update public.contacts set %I = $1 where id in (select private.digest_candidates($2) limit $3)',
      link) using d.id, digest_kind, case digest_kind when 'ceiling' then 200 end;
  end if;
  update private.mail_digests set claimed_at = now() where id = d.id;
  digest_id := d.id;
  execute format(
    'select jsonb_agg(to_jsonb(c) order by c.created_at) from public.contacts c where c.%I = $1', link)
    into contacts using d.id;
end
$$;

/** Records that digest `digest` was sent; the rows of a ceiling digest are then mailed. */
create function private.mark_digest_mailed(digest uuid) returns void
  language sql
  set search_path = ''
as $$
  update private.mail_digests set mailed_at = now(), claimed_at = null where id = digest;
  update public.contacts set mailed_at = now() where digest_id = digest and mailed_at is null;
$$;

/** Gives a claimed digest back after a failed send: the next sweep sends the same one. */
create function private.release_digest(digest uuid) returns void
  language sql
  set search_path = ''
as $$
  update private.mail_digests set claimed_at = null where id = digest and mailed_at is null;
$$;

/** The digest kinds the sweep should ask send-contact-email for now. */
create function private.digests_due() returns setof text
  language sql stable
  set search_path = ''
as $$
  select kind from (values ('ceiling'), ('spam')) as k (kind)
   where exists (select 1 from private.digest_candidates(k.kind))
      or exists (select 1 from private.mail_digests d where d.kind = k.kind and d.mailed_at is null)
$$;

/**
 * Releases a row the spam heuristics flagged ('honeypot' or 'too_fast'), e.g. one found in the
 * digest « À vérifier »: the next sweep mails it once, like any lead (within a minute). Raises an
 * error naming the row's state when there is nothing to release.
 */
create function private.release_contact(contact_id uuid) returns void
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
  if c.spam_reason is null or c.spam_reason not in ('honeypot', 'too_fast') then
    raise exception 'release_contact: % is not flagged by the spam heuristics (spam_reason: %)',
      contact_id, coalesce(c.spam_reason, 'none');
  end if;
  update public.contacts
     set released_from = spam_reason, spam_reason = null, released_at = now(), mail_claimed_at = null
   where id = contact_id;
end
$$;

/**
 * Ids of the rows the sweep must mail: not spam, not held for a digest, not mailed, inserted more
 * than `older_than` ago and less than 7 days ago (or released less than 7 days ago), not being
 * mailed now.
 */
create or replace function private.contacts_due_for_mail(older_than interval default '2 minutes')
  returns setof uuid
  language sql stable
  set search_path = ''
as $$
  select id from public.contacts
   where mailed_at is null and spam_reason is null and held_at is null
     and created_at < now() - older_than
     and (created_at > now() - interval '7 days' or released_at > now() - interval '7 days')
     and (mail_claimed_at is null or mail_claimed_at < now() - interval '2 minutes')
   order by created_at
   limit 100
$$;

/**
 * Production sweep (pg_cron, every minute): asks send-contact-email to mail each due row and each
 * due digest, through pg_net, with the Vault secrets `project_url` and `publishable_key`.
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
      headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', key),
      body := body
    );
    n := n + 1;
  end loop;
  return n;
end
$$;

revoke all on all functions in schema private from public;
grant execute on function private.contacts_due_for_mail(interval) to service_role;
