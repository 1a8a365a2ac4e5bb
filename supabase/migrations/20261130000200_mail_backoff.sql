-- The sweep backs off while the mail provider fails (docs/decisions/contact.md, « Sweep backs
-- off »): every minute it handed every due row to send-contact-email, so during an outage each run
-- made up to 100 failing calls to the provider. Now each failed send (a lead or a digest) counts
-- in private.mail_outage and pushes `retry_after` out (1, 2, 4… minutes, at most 30); until then
-- the sweep hands nothing over, then one row (a probe); the first mail that goes through ends the
-- outage and the sweep resumes in full. A visitor's own send is always tried.

create table private.mail_outage (
  singleton   boolean primary key default true check (singleton),
  failures    integer not null default 0,  -- consecutive failed sends
  retry_after timestamptz                  -- no sweep before this
);
alter table private.mail_outage enable row level security;
insert into private.mail_outage default values;

/** A send failed: one more failure, the next sweep waits 2^(failures-1) minutes (at most 30). */
create function private.record_mail_failure() returns void
  language sql
  set search_path = ''
as $$
  update private.mail_outage
     set failures = failures + 1,
         retry_after = now() + least(interval '1 minute' * power(2, least(failures, 10)),
                                     interval '30 minutes');
$$;

/** A send went through: the outage, if any, is over. */
create function private.record_mail_success() returns void
  language sql
  set search_path = ''
as $$
  update private.mail_outage set failures = 0, retry_after = null where failures > 0;
$$;

/** The lead e-mail of `contact_id` went out. */
create function private.mark_contact_mailed(contact_id uuid) returns void
  language sql
  set search_path = ''
as $$
  update public.contacts set mailed_at = now(), mail_claimed_at = null where id = contact_id;
  select private.record_mail_success();
$$;

/** The lead e-mail of `contact_id` failed: the claim is given back and the outage counted. */
create function private.release_failed_mail(contact_id uuid) returns void
  language sql
  set search_path = ''
as $$
  update public.contacts set mail_claimed_at = null, mail_slot_at = null
   where id = contact_id and mailed_at is null;
  select private.record_mail_failure();
$$;

/** As in 20261125000200_mail_ceiling_and_digests.sql, and the outage is over. */
create or replace function private.mark_digest_mailed(digest uuid) returns void
  language sql
  set search_path = ''
as $$
  update private.mail_digests set mailed_at = now(), claimed_at = null where id = digest;
  update public.contacts set mailed_at = now() where digest_id = digest and mailed_at is null;
  select private.record_mail_success();
$$;

/** As in 20261125000200_mail_ceiling_and_digests.sql, and the failure counted. */
create or replace function private.release_digest(digest uuid) returns void
  language sql
  set search_path = ''
as $$
  update private.mail_digests set claimed_at = null where id = digest and mailed_at is null;
  select private.record_mail_failure();
$$;

/**
 * As in 20261129000100_edit_replaces_unmailed.sql, backing off during an outage: nothing before
 * `retry_after`, then one row at a time until a send goes through.
 */
create or replace function private.contacts_due_for_mail(older_than interval default '2 minutes')
  returns setof uuid
  language sql stable
  set search_path = ''
as $$
  select id from public.contacts
   where mailed_at is null and spam_reason is null and held_at is null and replaced_by is null
     and created_at < now() - older_than
     and (created_at > now() - interval '7 days' or released_at > now() - interval '7 days')
     and (mail_claimed_at is null or mail_claimed_at < now() - interval '2 minutes')
     and not exists (select 1 from private.mail_outage where retry_after > now())
   order by created_at
   limit (select case when failures > 0 then 1 else 100 end from private.mail_outage)
$$;

/** As in 20261125000200_mail_ceiling_and_digests.sql, none during an outage's wait. */
create or replace function private.digests_due() returns setof text
  language sql stable
  set search_path = ''
as $$
  select kind from (values ('ceiling'), ('spam')) as k (kind)
   where not exists (select 1 from private.mail_outage where retry_after > now())
     and (exists (select 1 from private.digest_candidates(k.kind))
          or exists (select 1 from private.mail_digests d where d.kind = k.kind and d.mailed_at is null))
$$;

revoke all on function private.record_mail_failure(), private.record_mail_success(),
  private.mark_contact_mailed(uuid), private.release_failed_mail(uuid) from public;
grant execute on function private.contacts_due_for_mail(interval) to service_role;
