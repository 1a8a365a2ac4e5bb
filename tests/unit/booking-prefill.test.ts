import { describe, expect, it } from 'vitest';
import {
  bookingPrefillFromSearch,
  isIsoDate,
  MAX_PARAM_LENGTH,
  utmFromSearch,
} from '../../src/lib/booking/prefill';
import { readBookingMessage } from '../../src/lib/booking/message';

describe('bookingPrefillFromSearch', () => {
  it('joins consultation, day and hour into a1', () => {
    const search = '?consultation=Audit%20technique&jour=mardi&heure=10:00';
    expect(bookingPrefillFromSearch(search)).toEqual({
      customAnswers: { a1: 'Audit technique – mardi 10:00' },
    });
  });

  it('keeps only the consultation when that is all there is', () => {
    expect(bookingPrefillFromSearch('?consultation=D%C3%A9couverte')).toEqual({
      customAnswers: { a1: 'Découverte' },
    });
  });

  it('keeps the day and hour without a consultation', () => {
    expect(bookingPrefillFromSearch('jour=Vendredi&heure=16:00')).toEqual({
      customAnswers: { a1: 'vendredi 16:00' },
    });
  });

  it('passes a valid date through', () => {
    expect(bookingPrefillFromSearch('?consultation=Audit&date=2026-12-01')).toEqual({
      customAnswers: { a1: 'Audit' },
      date: '2026-12-01',
    });
  });

  it('ignores malformed days, hours and dates', () => {
    const search = '?consultation=Audit&jour=dimanche&heure=25:00&date=2026-02-30';
    expect(bookingPrefillFromSearch(search)).toEqual({ customAnswers: { a1: 'Audit' } });
    expect(bookingPrefillFromSearch('?heure=9h&date=01/12/2026')).toEqual({});
  });

  it('ignores over-long values', () => {
    const long = 'x'.repeat(MAX_PARAM_LENGTH + 1);
    expect(bookingPrefillFromSearch(`?consultation=${long}&jour=lundi`)).toEqual({
      customAnswers: { a1: 'lundi' },
    });
  });

  it('returns nothing for an address without those fields', () => {
    expect(bookingPrefillFromSearch('')).toEqual({});
  });
});

describe('isIsoDate', () => {
  it('accepts real dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2027-1-05')).toBe(false);
  });
});

describe('utmFromSearch', () => {
  it('reads the five utm fields', () => {
    const search = '?utm_campaign=c&utm_source=s&utm_medium=m&utm_content=x&utm_term=t&other=1';
    expect(utmFromSearch(search)).toEqual({
      utmCampaign: 'c',
      utmSource: 's',
      utmMedium: 'm',
      utmContent: 'x',
      utmTerm: 't',
    });
  });

  it('leaves missing or over-long ones undefined', () => {
    const utm = utmFromSearch(`?utm_source=${'y'.repeat(MAX_PARAM_LENGTH + 1)}`);
    expect(Object.values(utm).every((value) => value === undefined)).toBe(true);
  });
});

describe('readBookingMessage', () => {
  it('reads the page height in px', () => {
    expect(
      readBookingMessage({ event: 'calendly.page_height', payload: { height: '1200px' } }),
    ).toEqual({
      type: 'height',
      height: 1200,
    });
  });

  it('recognises a scheduled event', () => {
    expect(readBookingMessage({ event: 'calendly.event_scheduled', payload: {} })).toEqual({
      type: 'scheduled',
    });
  });

  it('ignores other events, strings and absurd heights', () => {
    expect(readBookingMessage({ event: 'calendly.profile_page_viewed', payload: {} })).toBeNull();
    expect(readBookingMessage('calendly.event_scheduled')).toBeNull();
    expect(readBookingMessage(null)).toBeNull();
    expect(
      readBookingMessage({ event: 'calendly.page_height', payload: { height: 'auto' } }),
    ).toBeNull();
    expect(
      readBookingMessage({ event: 'calendly.page_height', payload: { height: '99999px' } }),
    ).toBeNull();
  });
});
