-- A one-click release of a listed lead from the agency's mail (docs/decisions/contact.md, « A listed
-- lead is released by a button on the site, never by opening its link »): each lead of the
-- « Demandes retenues » and « À vérifier » digests carries a signed, expiring link to the site's
-- page /contact/envoyer, whose button posts the token to `form-post`; the token is made and checked
-- here, so neither the function nor the page ever holds the key, and the release is
-- private.release_contact's, as the SQL line of the digests (still given, for developers).
--
-- Token: `<contact id>.<expiry, Unix seconds>.<HMAC-SHA-256 of "release:<id>:<expiry">, base64url>`.
-- Lifetime: private.release_link_lifetime(), 7 days from the mail. A held lead is listed within the
-- hour, then by the next daily « À vérifier » (at most about 25 hours later), and kept until both
-- listed it and `unmailed` (figures.spamRetention, 30 days) passed: its last link expires about 8
-- days after it arrived, long before it can be deleted. A link whose lead is gone is « invalide ».

/** The links' key: 32 random bytes, made here, never readable through the API. */
create table private.release_link_key (
  singleton boolean primary key default true check (singleton),
  key       bytea not null
);
alter table private.release_link_key enable row level security;
revoke all on private.release_link_key from public, anon, authenticated, service_role;
insert into private.release_link_key (key)
  values (sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text
                            || clock_timestamp()::text, 'UTF8')));

/** How long a release link works after its mail was built. */
create function private.release_link_lifetime() returns interval
  language sql immutable
  set search_path = ''
as $$
  select interval '7 days'
$$;

/** The signature of a release token's id and expiry (base64url, 43 characters). */
create function private.release_signature(contact_id uuid, expires bigint) returns text
  language sql stable
  set search_path = ''
as $$
  select translate(rtrim(encode(private.hmac_sha256(
           (select key from private.release_link_key),
           convert_to('release:' || contact_id::text || ':' || expires::text, 'UTF8')), 'base64'),
         '='), '+/', '-_')
$$;

/** A release token for the lead `contact_id`, working for release_link_lifetime() from now. */
create function private.release_token(contact_id uuid) returns text
  language sql stable
  set search_path = ''
as $$
  select contact_id::text || '.' || e::text || '.' || private.release_signature(contact_id, e)
    from (select extract(epoch from now() + private.release_link_lifetime())::bigint as e) as t
$$;

/**
 * Releases the lead a token names, as `select private.release_contact(id)` does: the next mail
 * attempt (form-post's call, else the sweep) mails it once. Outcome: 'released'; 'already' (released
 * before, or no longer held); 'expired'; 'invalid' (malformed, forged, altered, or no such lead).
 */
create function private.release_by_token(token text, out outcome text, out contact_id uuid)
  language plpgsql
  set search_path = ''
as $$
declare
  parts text[] := regexp_match(coalesce(token, ''),
                               '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})'
                               '\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$');
  c public.contacts;
begin
  if parts is null
     or private.release_signature(parts[1]::uuid, parts[2]::bigint) <> parts[3] then
    outcome := 'invalid';
    return;
  end if;
  contact_id := parts[1]::uuid;
  select * into c from public.contacts where id = contact_id for update;
  if not found then
    outcome := 'invalid';
  elsif c.released_at is not null or c.spam_reason is null then
    outcome := 'already';
  elsif to_timestamp(parts[2]::bigint) < now() then
    outcome := 'expired';
  else
    perform private.release_contact(contact_id);
    outcome := 'released';
  end if;
end
$$;

revoke all on function private.release_link_lifetime(), private.release_signature(uuid, bigint),
  private.release_token(uuid), private.release_by_token(text) from public;
