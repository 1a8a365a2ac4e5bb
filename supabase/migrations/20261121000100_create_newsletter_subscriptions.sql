-- Newsletter sign-ups from the blog. Insert-only for the browser, like public.contacts.
-- One row per address, compared case-insensitively. A repeat sign-up is refused by the unique index
-- with 23505 (HTTP 409 through the API); anon cannot read or upsert, so the client treats
-- 409 / 23505 as "already subscribed", i.e. a success.

create table public.newsletter_subscriptions (
  id         uuid        primary key default gen_random_uuid(),
  email      text        not null,
  created_at timestamptz not null default now(),

  constraint newsletter_subscriptions_email_length check (char_length(email) <= 254),
  constraint newsletter_subscriptions_email_format
    check (email ~ '^[^@ \t\r\n]+@[^@ \t\r\n]+\.[^@ \t\r\n]+$')
);

create unique index newsletter_subscriptions_email_key
  on public.newsletter_subscriptions (lower(email));

comment on table public.newsletter_subscriptions is 'Newsletter sign-ups. Insert-only for anon/authenticated; 23505 means already subscribed.';

alter table public.newsletter_subscriptions enable row level security;

revoke all on table public.newsletter_subscriptions from anon, authenticated;
grant insert (email) on table public.newsletter_subscriptions to anon, authenticated;
grant select, insert, update, delete on table public.newsletter_subscriptions to service_role;

-- One policy per operation and role; rows are stamped by the server (see public.contacts).
create policy newsletter_subscriptions_insert_anon
  on public.newsletter_subscriptions for insert to anon
  with check (created_at = now());

create policy newsletter_subscriptions_insert_authenticated
  on public.newsletter_subscriptions for insert to authenticated
  with check (created_at = now());
