/**
 * Starts the REAL local backend once for the end-to-end run (tests/support/test-backend.ts), on the
 * test ports the test build points at, while the first specs already run. Specs reach it through
 * its control server (tests/e2e/support/backend.ts): `ready` answers once it is up; `mail/…` and
 * `gateway/…` stop and start its parts for the specs that test an outage.
 */
import { TEST_SITE_PORT } from '../../../scripts/lib/test-ports.mjs';
import { serveControl, startTestBackend } from '../../support/test-backend';
import { BACKEND_CONTROL_ENV } from './backend';

export default async function globalSetup() {
  const started = startTestBackend({
    dataPrefix: 'e2e-backend-',
    // A run finishing on this machine may hold a port a little longer: wait for it.
    patienceMs: 90_000,
    functionEnv: { SITE_URL: `http://localhost:${TEST_SITE_PORT}` },
    // Every spec submits from 127.0.0.1: the per-address limit and the hourly mail ceiling (the
    // rate-limit spec sets its own), and the site-wide ceilings of newsletter confirmation mails
    // (tests/backend tests those).
    liftLimits: [
      'contacts_per_address',
      'contacts_mail_ceiling',
      'newsletter_per_domain',
      'newsletter_confirm_per_hour',
      'newsletter_confirm_per_day',
    ],
  });
  started.catch(() => {}); // reported to the specs by `ready`, and by the teardown
  const control = await serveControl(started.then((test) => test.backend));
  process.env[BACKEND_CONTROL_ENV] = control.url;

  return async () => {
    control.close();
    await (await started).stop();
  };
}
