/** What a booking button carries over to the booking widget on the contact page. */
export interface BookingChoice {
  /** Consultation title, e.g. "Découverte". */
  consultation: string;
  /** Day of the weekly grid: lundi … vendredi. */
  day?: string;
  /** Time as HH:MM. */
  time?: string;
  /** Optional calendar date, YYYY-MM-DD. */
  date?: string;
}

/**
 * Link to the booking widget on /contact with the choice carried over in the query string
 * (`consultation`, `jour`, `heure`, `date`), which the embed turns into its prefill.
 * @example bookingLink({ consultation: 'Découverte', day: 'lundi', time: '09:00' })
 *   === '/contact?consultation=D%C3%A9couverte&jour=lundi&heure=09%3A00#calendly'
 */
export function bookingLink({ consultation, day, time, date }: BookingChoice): string {
  const params = new URLSearchParams({ consultation });
  if (day) params.set('jour', day);
  if (time) params.set('heure', time);
  if (date) params.set('date', date);
  return `/contact?${params.toString()}#calendly`;
}
