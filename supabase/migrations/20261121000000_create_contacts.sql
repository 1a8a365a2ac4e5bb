-- Contact requests sent from the site's contact form.
-- The browser (role anon, or authenticated) may insert a row and nothing else; the agency reads the
-- rows with the service role or in the dashboard. Every check below is mirrored exactly by
-- supabase/functions/_shared/validation.ts: change both together.
-- "Blank" means empty after trimming spaces, tabs, carriage returns and line feeds.

create table public.contacts (
  id               uuid        primary key default gen_random_uuid(),
  prenom           text        not null,
  nom              text        not null,
  email            text        not null,
  telephone        text,
  service_souhaite text        not null,
  message          text        not null,
  created_at       timestamptz not null default now(),

  constraint contacts_prenom_not_blank check (btrim(prenom, e' \t\r\n') <> ''),
  constraint contacts_prenom_length check (char_length(prenom) <= 100),
  constraint contacts_nom_not_blank check (btrim(nom, e' \t\r\n') <> ''),
  constraint contacts_nom_length check (char_length(nom) <= 100),
  constraint contacts_email_not_blank check (btrim(email, e' \t\r\n') <> ''),
  constraint contacts_email_length check (char_length(email) <= 254),
  constraint contacts_email_format check (email ~ '^[^@ \t\r\n]+@[^@ \t\r\n]+\.[^@ \t\r\n]+$'),
  constraint contacts_telephone_length check (char_length(telephone) <= 30),
  constraint contacts_service_souhaite_not_blank check (btrim(service_souhaite, e' \t\r\n') <> ''),
  constraint contacts_service_souhaite_allowed check (
    service_souhaite in (
      'Création de Site Web',
      'Automatisation IA',
      'Services Spécialisés',
      'Support & Maintenance',
      'Consulting Stratégique',
      'Formation Équipe'
    )
  ),
  constraint contacts_message_not_blank check (btrim(message, e' \t\r\n') <> ''),
  constraint contacts_message_length check (char_length(message) <= 5000)
);

comment on table public.contacts is 'Contact form requests. Insert-only for anon/authenticated; read with the service role.';

alter table public.contacts enable row level security;

-- Explicit grants: hosted Supabase no longer exposes new tables to the API roles by default.
-- Column-level insert grant: the browser may choose the row id (idempotent retries) but not created_at.
revoke all on table public.contacts from anon, authenticated;
grant insert (id, prenom, nom, email, telephone, service_souhaite, message)
  on table public.contacts to anon, authenticated;
grant select, insert, update, delete on table public.contacts to service_role;

-- One policy per operation and role. No select/update/delete policy: those stay refused.
-- The check is deliberately disjoint from the table checks (so a bad field gives its own 23514/23502
-- error, not an RLS refusal): rows are stamped by the server, never backdated by the client.
create policy contacts_insert_anon
  on public.contacts for insert to anon
  with check (created_at = now());

create policy contacts_insert_authenticated
  on public.contacts for insert to authenticated
  with check (created_at = now());
