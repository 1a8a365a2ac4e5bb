// Ports and folders of the end-to-end run. Overridable by environment so that several people (or
// several checkouts) can run the suite side by side on one machine.
const env =
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

/** Folder the test build is written to and served from. */
export const TEST_DIST = env.TEST_DIST ?? 'dist-test';
/** Port of the built site during end-to-end tests. */
export const TEST_SITE_PORT = Number(env.TEST_SITE_PORT ?? 4322);
/** Port of the booking-widget stand-in (a different origin, like the real widget). */
export const TEST_BOOKING_PORT = Number(env.TEST_BOOKING_PORT ?? 4323);
/** The booking URL the test build points its embed at. */
export const TEST_BOOKING_URL = `http://localhost:${TEST_BOOKING_PORT}/booking.html`;
