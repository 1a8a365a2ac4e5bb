-- The per-address rate limits key on the address Supabase's edge vouches for, never on a value the
-- client chose. On the hosted API a client may send X-Forwarded-For itself and it reaches
-- request.headers unchanged as the FIRST entry; the edge (Cloudflare) sets CF-Connecting-IP from the
-- connection. The local gateway (local-backend/gateway.mjs) behaves the same way.

/**
 * The client address of the current API request as the edge vouches for it: CF-Connecting-IP, else
 * the LAST X-Forwarded-For entry (the one the nearest proxy appended, e.g. the Supabase CLI's Kong);
 * null outside an API request.
 */
create or replace function private.request_client_address() returns text
  language sql stable
  set search_path = ''
as $$
  with h as (
    select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json as headers
  )
  select coalesce(
    nullif(btrim(headers ->> 'cf-connecting-ip'), ''),
    nullif(btrim((regexp_split_to_array(headers ->> 'x-forwarded-for', ','))[
      cardinality(regexp_split_to_array(headers ->> 'x-forwarded-for', ','))]), '')
  )
  from h
$$;

revoke all on function private.request_client_address() from public;
