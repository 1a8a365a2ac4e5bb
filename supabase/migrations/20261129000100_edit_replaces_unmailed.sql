-- An edit-and-resend after a failed e-mail step mails the lead once (docs/decisions/contact.md,
-- « Edit and resend »): the form's corrected request carries `replaces`, the id of the stored row
-- whose e-mail step failed (known only to that browser); the insert trigger marks that row
-- `replaced_by` when it is still unmailed and no sender holds it, and such a row is never mailed.

alter table public.contacts
  add column replaces    uuid, -- the stored, unmailed row this request corrects (sent by the form)
  add column replaced_by uuid; -- set by the database: the correction that is mailed instead

grant insert (replaces) on table public.contacts to anon, authenticated;

/**
 * Marks row `old_id` replaced by `new_id` when it is unmailed, not replaced yet, less than 7 days
 * old and not being mailed; otherwise leaves it (a row already mailed stays as it is, and the
 * correction is mailed too). Serialised with the claims, so a row is either replaced or mailed.
 */
create function private.replace_unmailed_contact(old_id uuid, new_id uuid) returns void
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('private.claim_contact_mail'));
  update public.contacts
     set replaced_by = new_id
   where id = old_id and id <> new_id and mailed_at is null and replaced_by is null
     and created_at > now() - interval '7 days'
     and (mail_claimed_at is null or mail_claimed_at < now() - interval '2 minutes');
end
$$;

/** Before each insert by the browser: the shared guard, then the replacement of a failed row. */
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
  -- A flagged correction replaces nothing: the first row stays to be mailed.
  if new.replaces is not null and new.spam_reason is null then
    perform private.replace_unmailed_contact(new.replaces, new.id);
  end if;
  return new;
end
$$;

/**
 * As in 20261125000200_mail_ceiling_and_digests.sql, plus the outcome 'replaced' (a correction
 * was mailed instead: nothing to send).
 */
create or replace function private.claim_contact_mail(contact_id uuid, out outcome text,
                                                      out contact jsonb)
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
    when c.replaced_by is not null then 'replaced'
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

/** As before, without the rows a correction replaced. */
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
   order by created_at
   limit 100
$$;

revoke all on function private.replace_unmailed_contact(uuid, uuid) from public;
