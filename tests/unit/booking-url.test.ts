import { describe, expect, it } from 'vitest';
import { buildBookingUrl, SITE_BOOKING_PAGE } from '../../src/lib/booking/url';

const BASE = 'https://calendly.com/agence/audit-ia';
const query = (url: string) => [...new URL(url).searchParams];

describe('buildBookingUrl', () => {
  it('starts with embed_domain and embed_type=Inline, encoded', () => {
    expect(buildBookingUrl(BASE, { embedDomain: 'localhost:5173' })).toBe(
      `${BASE}?embed_domain=localhost%3A5173&embed_type=Inline`,
    );
  });

  it('leaves out an unknown embed domain but keeps embed_type', () => {
    expect(buildBookingUrl(BASE)).toBe(`${BASE}?embed_type=Inline`);
  });

  it('keeps the query already on the base address, after the embed fields', () => {
    const url = buildBookingUrl(`${BASE}?month=2026-12&back=1`, { embedDomain: 'x.fr' });
    expect(query(url)).toEqual([
      ['embed_domain', 'x.fr'],
      ['embed_type', 'Inline'],
      ['month', '2026-12'],
      ['back', '1'],
    ]);
  });

  it('turns page settings into hide flags and hex colours without #', () => {
    const url = buildBookingUrl(BASE, {
      pageSettings: {
        backgroundColor: '#ffffff',
        textColor: '111111',
        primaryColor: '#0069FF',
        hideEventTypeDetails: true,
        hideLandingPageDetails: true,
        hideGdprBanner: true,
      },
    });
    expect(query(url)).toEqual([
      ['embed_type', 'Inline'],
      ['hide_event_type_details', '1'],
      ['hide_landing_page_details', '1'],
      ['hide_gdpr_banner', '1'],
      ['background_color', 'ffffff'],
      ['text_color', '111111'],
      ['primary_color', '0069FF'],
    ]);
  });

  it('omits hide flags that are false', () => {
    const url = buildBookingUrl(BASE, {
      pageSettings: { hideGdprBanner: false, hideEventTypeDetails: true },
    });
    expect(url).toBe(`${BASE}?embed_type=Inline&hide_event_type_details=1`);
  });

  it('uses the site look by default settings object', () => {
    const params = new URL(buildBookingUrl(BASE, { pageSettings: SITE_BOOKING_PAGE })).searchParams;
    expect(params.get('primary_color')).toBe('4338ca');
    expect(params.get('hide_landing_page_details')).toBe('1');
  });

  it('prefills name, names, e-mail, guests, location, date and custom answers a1..a10', () => {
    const url = buildBookingUrl(BASE, {
      prefill: {
        name: 'Ada Lovelace',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        guests: ['a@x.com', 'b@y.com'],
        location: 'Visio',
        date: new Date('2026-12-01T10:00:00Z'),
        customAnswers: { a1: 'Audit – mardi 10:00', a10: 'dix', a11: 'ignorée' } as Record<
          string,
          string
        >,
      },
    });
    expect(url).toContain(
      'name=Ada%20Lovelace&first_name=Ada&last_name=Lovelace&email=ada%40example.com',
    );
    expect(url).toContain('guests=a%40x.com%2Cb%40y.com&location=Visio&date=2026-12-01');
    const params = new URL(url).searchParams;
    expect(params.get('a1')).toBe('Audit – mardi 10:00');
    expect(params.get('a10')).toBe('dix');
    expect(params.has('a11')).toBe(false);
  });

  it('accepts a date already written YYYY-MM-DD', () => {
    expect(buildBookingUrl(BASE, { prefill: { date: '2027-01-15' } })).toBe(
      `${BASE}?embed_type=Inline&date=2027-01-15`,
    );
  });

  it('appends every UTM field last', () => {
    const url = buildBookingUrl(BASE, {
      embedDomain: 'site.fr',
      utm: {
        utmCampaign: 'printemps',
        utmSource: 'news letter',
        utmMedium: 'email',
        utmContent: 'cta',
        utmTerm: 'ia',
      },
    });
    expect(url).toBe(
      `${BASE}?embed_domain=site.fr&embed_type=Inline&utm_campaign=printemps&utm_source=news%20letter&utm_medium=email&utm_content=cta&utm_term=ia`,
    );
  });

  it('drops the base address hash', () => {
    expect(buildBookingUrl(`${BASE}#x`)).toBe(`${BASE}?embed_type=Inline`);
  });
});

describe('bookingFrameUrl', () => {
  it('combines the host, the site look, the prefill and the utm of the page address', async () => {
    const { bookingFrameUrl } = await import('../../src/lib/booking/frame');
    const url = bookingFrameUrl(BASE, {
      host: 'www.agence.fr',
      search: '?consultation=Audit&jour=lundi&heure=09:00&date=2026-12-07&utm_campaign=hiver',
    });
    expect(url).toBe(
      `${BASE}?embed_domain=www.agence.fr&embed_type=Inline&hide_event_type_details=1&hide_landing_page_details=1` +
        '&hide_gdpr_banner=1&background_color=ffffff&text_color=0f172a&primary_color=4338ca' +
        '&a1=Audit%20%E2%80%93%20lundi%2009%3A00&date=2026-12-07&utm_campaign=hiver',
    );
  });
});
