/** Port of the built site during end-to-end tests. */
export const TEST_SITE_PORT = 4322;
/** Port of the booking-widget stand-in (a different origin, like the real widget). */
export const TEST_BOOKING_PORT = 4323;
/** The booking URL the test build points its embed at. */
export const TEST_BOOKING_URL = `http://localhost:${TEST_BOOKING_PORT}/booking.html`;
