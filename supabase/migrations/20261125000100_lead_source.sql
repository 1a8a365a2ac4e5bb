-- Where each lead came from: the page the form was sent from and the campaign fields the visitor
-- arrived with (kept for the session by the browser). Optional; each check mirrors
-- supabase/functions/_shared/validation.ts (checkLeadSource), constraint contacts_<field>_<rule>.

alter table public.contacts
  add column page         text,  -- path of the page the form was sent from, e.g. /contact
  add column utm_source   text,
  add column utm_medium   text,
  add column utm_campaign text,
  add constraint contacts_page_too_long check (char_length(page) <= 300),
  -- A path on this site: one leading slash (not //), printable ASCII, no space (a URL's pathname).
  add constraint contacts_page_format check (page ~ '^/([!-.0-~][!-~]*)?$'),
  add constraint contacts_utm_source_too_long check (char_length(utm_source) <= 100),
  add constraint contacts_utm_source_characters
    check (utm_source !~ '[\u0000-\u001f\u007f-\u009f\u200b\u2028-\u202e\u2060\u2066-\u2069\ufeff]'),
  add constraint contacts_utm_medium_too_long check (char_length(utm_medium) <= 100),
  add constraint contacts_utm_medium_characters
    check (utm_medium !~ '[\u0000-\u001f\u007f-\u009f\u200b\u2028-\u202e\u2060\u2066-\u2069\ufeff]'),
  add constraint contacts_utm_campaign_too_long check (char_length(utm_campaign) <= 100),
  add constraint contacts_utm_campaign_characters
    check (utm_campaign !~ '[\u0000-\u001f\u007f-\u009f\u200b\u2028-\u202e\u2060\u2066-\u2069\ufeff]');

grant insert (page, utm_source, utm_medium, utm_campaign) on table public.contacts
  to anon, authenticated;
