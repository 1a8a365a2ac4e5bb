-- The per-address count the guard runs on every anon contact insert has its index again
-- (docs/decisions/contact.md, « Client address for the rate limits »): since
-- 20261129000200_newsletter_ceilings.sql it counts by private.address_key(client_address) (an
-- IPv6 address by its /64), which the index on the raw column cannot serve; EXPLAIN on 20,000 rows
-- showed a scan of the last hour's rows, calling address_key on each. As the newsletter's got in
-- 20261204010000_newsletter_mailbox_keys.sql: an expression index on the key and created_at.

create index contacts_address_key_created_at
  on public.contacts (private.address_key(client_address), created_at);

-- Superseded by the expression index (nothing compares the raw column any more).
drop index public.contacts_client_address_created_at;

-- The index computes the key on the inserting role's own insert (a pure function of the address;
-- schema private is not exposed by the API), as private.email_key in 20261204010000.
grant execute on function private.address_key(text) to anon, authenticated, service_role;
