// Where each lead came from: the page and the campaign fields travel with the row (inserted by the
// site's own client, as the form does) and reach the agency in the e-mail.
import { describe, expect, it } from 'vitest';
import { backend, storedContact, supabaseClient, validContact, waitForMail } from './support.mjs';

const invoke = (body) =>
  fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
    method: 'POST',
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('lead source', () => {
  it('stores the page and the utm fields with the row and shows them in the e-mail', async () => {
    const source = {
      page: '/blog/seo-local-marseille',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'rentrée-2026',
    };
    const row = validContact(source);
    expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
    expect(await storedContact(row.id)).toMatchObject(source);
    expect((await invoke({ id: row.id })).status).toBe(200);
    const [mail] = await waitForMail(row.prenom);
    expect(mail.text).toContain('Page\u00a0: /blog/seo-local-marseille');
    expect(mail.text).toContain('Source (utm_source)\u00a0: newsletter');
    expect(mail.text).toContain('Support (utm_medium)\u00a0: email');
    expect(mail.text).toContain('Campagne (utm_campaign)\u00a0: rentrée-2026');
    expect(mail.html).toContain('rentrée-2026');
  });

  it('leaves the campaign lines out of the e-mail when the visitor came without them', async () => {
    const row = validContact({ page: '/contact' });
    expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
    expect((await invoke({ id: row.id })).status).toBe(200);
    const [mail] = await waitForMail(row.prenom);
    expect(mail.text).toContain('Page\u00a0: /contact');
    expect(mail.text).not.toContain('utm_');
    expect(await storedContact(row.id)).toMatchObject({ utm_source: null, utm_campaign: null });
  });

  it('refuses a page that is not a path of the site, naming the constraint', async () => {
    const row = validContact({ page: 'https://evil.example/' });
    const { error } = await supabaseClient().from('contacts').insert(row);
    expect(error?.code).toBe('23514');
    expect(error?.message).toContain('contacts_page_format');
    expect(await storedContact(row.id)).toBeUndefined();
  });
});
