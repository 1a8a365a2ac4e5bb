import { describe, expect, it } from 'vitest';
import { bookingLink } from '../../src/lib/booking/link';

describe('bookingLink', () => {
  it('carries only the consultation for a consultation button', () => {
    const url = new URL(bookingLink({ consultation: 'Audit technique' }), 'http://x');
    expect(url.pathname).toBe('/contact');
    expect(url.hash).toBe('#calendly');
    expect([...url.searchParams]).toEqual([['consultation', 'Audit technique']]);
  });
  it('carries consultation, day and time for a slot, encoded', () => {
    const link = bookingLink({ consultation: 'Découverte', day: 'lundi', time: '09:00' });
    expect(link).toBe('/contact?consultation=D%C3%A9couverte&jour=lundi&heure=09%3A00#calendly');
  });
  it('adds an optional date', () => {
    const url = new URL(
      bookingLink({
        consultation: 'Conseil stratégique',
        day: 'mardi',
        time: '14:30',
        date: '2026-03-10',
      }),
      'http://x',
    );
    expect(url.searchParams.get('date')).toBe('2026-03-10');
    expect(url.searchParams.get('heure')).toBe('14:30');
  });
});
