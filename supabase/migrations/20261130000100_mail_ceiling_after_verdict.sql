-- The hourly ceiling of lead e-mails counts only rows that are really being mailed
-- (docs/decisions/contact.md, « Hourly ceiling »): it was applied when a row was claimed, before
-- its Turnstile token was verified, so scripted rows whose only evidence of a person is a faked
-- fill time or Origin counted toward it while their verification was pending, and a real lead
-- arriving then was held for the next digest (up to an hour). The claim no longer looks at the
-- ceiling; send-contact-email asks for a slot after the verdict (private.take_mail_slot), and the
-- ceiling counts the rows mailed this window plus the slots taken in the last 2 minutes.

alter table public.contacts
  add column mail_slot_at timestamptz; -- when send-contact-email, past every check, began to mail it

/**
 * As in 20261129000100_edit_replaces_unmailed.sql, without the ceiling (take_mail_slot applies it
 * once the row's checks passed).
 */
create or replace function private.claim_contact_mail(contact_id uuid, out outcome text,
                                                      out contact jsonb)
  language plpgsql
  set search_path = ''
as $$
declare
  c public.contacts;
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
  update public.contacts set mail_claimed_at = now() where id = contact_id;
  outcome := 'claimed';
end
$$;

/**
 * The hourly ceiling, for a claimed row that passed its checks (Turnstile's verdict included):
 * 'ok' (a slot is taken: mail it) or 'held' (the ceiling is reached: the row waits for the ceiling
 * digest and the claim is given back). Counts the single e-mails of the window and the slots taken
 * in the last 2 minutes, under the claims' lock.
 */
create function private.take_mail_slot(contact_id uuid) returns text
  language plpgsql
  set search_path = ''
as $$
declare
  ceiling integer;
  sent integer;
begin
  perform pg_advisory_xact_lock(hashtext('private.claim_contact_mail'));
  select max_count into ceiling from private.rate_limits where name = 'contacts_mail_ceiling';
  if ceiling is not null then
    select count(*) into sent from public.contacts
     where digest_id is null and id <> contact_id
       and (mailed_at >= private.mail_ceiling_window()
            or (mailed_at is null and mail_slot_at >= now() - interval '2 minutes'));
    if sent >= ceiling then
      update public.contacts set held_at = now(), mail_claimed_at = null where id = contact_id;
      return 'held';
    end if;
  end if;
  update public.contacts set mail_slot_at = now() where id = contact_id;
  return 'ok';
end
$$;

revoke all on function private.take_mail_slot(uuid) from public;
