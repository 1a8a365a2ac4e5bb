// Ports, folders and origins of the test runs, the one list every suite reads: the end-to-end run, the build
// checks, the backend tests (tests/support/test-backend.ts) and the scripts that run them (here, so
// that scripts/ never imports tests/).
// Overridable by environment so that several people (or several checkouts) can run the suite side
// by side on one machine, and never the defaults of `npm start` (site 4321, backend 54321-54325:
// local-backend/config.mjs): the whole suite passes while a developer's site runs.
/** @type {Record<string, string | undefined>} */
const env = globalThis.process?.env ?? {};

/** Folder the test build is written to and served from. */
export const TEST_DIST = env.TEST_DIST ?? 'dist-test';
/** Port of the built site during end-to-end tests. */
export const TEST_SITE_PORT = Number(env.TEST_SITE_PORT ?? 4322);
/** Devtools port of the test site's host (`wrangler dev --inspector-port`; never the shared 9229). */
export const TEST_SITE_INSPECTOR_PORT = Number(env.TEST_SITE_INSPECTOR_PORT ?? 4325);
/** Port and devtools port of a second site a test builds and serves itself (tests/e2e/cms.spec.ts). */
export const TEST_SCRATCH_SITE_PORT = Number(env.TEST_SCRATCH_SITE_PORT ?? 4326);
export const TEST_SCRATCH_INSPECTOR_PORT = Number(env.TEST_SCRATCH_INSPECTOR_PORT ?? 4327);
/**
 * Port and devtools port of the blog at 1,000 posts (scripts/blog-scale.mjs), served while the build
 * checks serve the test build on TEST_SITE_PORT: the two steps run beside each other.
 */
export const TEST_SCALE_SITE_PORT = Number(env.TEST_SCALE_SITE_PORT ?? 4329);
export const TEST_SCALE_INSPECTOR_PORT = Number(env.TEST_SCALE_INSPECTOR_PORT ?? 4330);
/** Port of the booking-widget stand-in (a different origin, like the real widget). */
export const TEST_BOOKING_PORT = Number(env.TEST_BOOKING_PORT ?? 4323);
/** The booking URL the test build points its embed at. */
export const TEST_BOOKING_URL = `http://localhost:${TEST_BOOKING_PORT}/booking.html`;

/**
 * Ports of the local backend started by the backend tests and by the end-to-end run (one after the
 * other in `npm test`): API gateway, database, mail inbox, SMTP. Below 32768: Linux hands out
 * 32768-60999 as source ports of outgoing connections, so a test port there could be taken at random
 * by one of the suite's own loopback connections.
 */
export const TEST_BACKEND_PORTS = {
  api: Number(env.TEST_BACKEND_API_PORT ?? 25421),
  db: Number(env.TEST_BACKEND_DB_PORT ?? 25422),
  inbox: Number(env.TEST_BACKEND_INBOX_PORT ?? 25424),
  smtp: Number(env.TEST_BACKEND_SMTP_PORT ?? 25425),
};
/**
 * Ports of the second backend the lifecycle test starts, stops and restarts beside the first
 * (tests/backend/lifecycle.test.mjs).
 */
export const TEST_LIFECYCLE_BACKEND_PORTS = {
  api: Number(env.TEST_LIFECYCLE_API_PORT ?? 25431),
  db: Number(env.TEST_LIFECYCLE_DB_PORT ?? 25432),
  inbox: Number(env.TEST_LIFECYCLE_INBOX_PORT ?? 25434),
  smtp: Number(env.TEST_LIFECYCLE_SMTP_PORT ?? 25435),
};
/** The Supabase URL the test build talks to: the test backend's gateway. */
export const TEST_SUPABASE_URL = `http://127.0.0.1:${TEST_BACKEND_PORTS.api}`;
/** Port of the GitHub stand-in the editor's walk talks to (tests/e2e/support/github-stand-in). */
export const TEST_GITHUB_PORT = Number(env.TEST_GITHUB_PORT ?? 4328);

/** The origin the test site is served at, hence its editor's sign-in's. */
export const TEST_SITE_ORIGIN = `http://localhost:${TEST_SITE_PORT}`;

/**
 * The GitHub App the tests sign in with (« Se connecter avec GitHub », src/worker/signin.ts):
 * labelled local demo values, known only to the GitHub stand-in. The test build's editor gets the
 * client ID (scripts/test.mjs); the test site's Worker all of them (tests/support/signin.ts).
 */
export const TEST_SIGNIN_APP = {
  clientId: 'Iv23.local-demo-client',
  clientSecret: 'local-demo-secret-not-a-real-one',
  name: 'Éditeur du site (démo locale)',
};
