-- The erasure log keeps a keyed hash (docs/decisions/privacy.md, « Erasure log »): a bare
-- SHA-256 of an address lets anyone who reads the log test a guess. It now keeps
-- HMAC-SHA-256(pepper, SHA-256 hex of the trimmed, lower-cased address): the agency can still
-- answer « was X erased? » (private.erasure_key(X), in the database), a copy of the log alone
-- cannot. The pepper: hosted, a random Vault secret `erasure_pepper` created here (encrypted at
-- rest, never leaves the database); local backend, the database setting `app.erasure_pepper`
-- (a labelled demo value, local-backend/config.mjs). Existing rows are keyed in place: the new
-- key is computed from the old SHA-256.

/** HMAC-SHA-256 (RFC 2104) with the core sha256(): no extension needed. */
create function private.hmac_sha256(key bytea, message bytea) returns bytea
  language plpgsql immutable strict
  set search_path = ''
as $$
declare
  k bytea := case when length(key) > 64 then sha256(key) else key end;
  inner_pad bytea;
  outer_pad bytea;
begin
  k := k || decode(repeat('00', 64 - length(k)), 'hex');
  inner_pad := k;
  outer_pad := k;
  for i in 0..63 loop
    inner_pad := set_byte(inner_pad, i, get_byte(k, i) # 54);  -- 0x36
    outer_pad := set_byte(outer_pad, i, get_byte(k, i) # 92);  -- 0x5c
  end loop;
  return sha256(outer_pad || sha256(inner_pad || message));
end
$$;

/** The pepper: Vault secret `erasure_pepper` (hosted), else the setting app.erasure_pepper. */
create function private.erasure_pepper() returns text
  language plpgsql stable
  security definer
  set search_path = ''
as $$
declare
  pepper text;
begin
  if to_regclass('vault.decrypted_secrets') is not null then
    execute 'select decrypted_secret from vault.decrypted_secrets where name = $1'
      into pepper using 'erasure_pepper';
  end if;
  pepper := coalesce(pepper, nullif(current_setting('app.erasure_pepper', true), ''));
  if pepper is null then
    raise exception 'erasure_pepper: no pepper (Vault secret erasure_pepper, or the database setting app.erasure_pepper)';
  end if;
  return pepper;
end
$$;

/** The erasure log's key of `email`: hex HMAC-SHA-256(pepper, SHA-256 hex of the address). */
create function private.erasure_key(email text) returns text
  language sql stable
  set search_path = ''
as $$
  select encode(private.hmac_sha256(convert_to(private.erasure_pepper(), 'UTF8'),
                                    convert_to(private.email_sha256(email), 'UTF8')), 'hex')
$$;

-- Hosted: a random pepper in Vault, once (two v4 UUIDs from the strong random source: 244 bits).
do $$
begin
  if to_regclass('vault.secrets') is not null then
    if not exists (select 1 from vault.secrets where name = 'erasure_pepper') then
      perform vault.create_secret(
        replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
        'erasure_pepper',
        'Pepper of the erasure log (private.erasures): keep it; never copy it out of the database');
    end if;
  end if;
end
$$;

alter table private.erasures rename column email_sha256 to email_hmac;
update private.erasures
   set email_hmac = encode(private.hmac_sha256(convert_to(private.erasure_pepper(), 'UTF8'),
                                               convert_to(email_hmac, 'UTF8')), 'hex');

/** As in 20261127000000_privacy_retention.sql, recording the keyed hash. */
create or replace function private.erase_personal_data(email text) returns jsonb
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
    insert into private.erasures (email_hmac) values (private.erasure_key(address));
  end if;
  return counts;
end
$$;

revoke all on function private.hmac_sha256(bytea, bytea), private.erasure_pepper(),
  private.erasure_key(text) from public;
