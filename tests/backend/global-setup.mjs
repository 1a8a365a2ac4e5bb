// Starts one local backend for the whole backend suite (tests/support/test-backend.ts), plus the
// control server through which test files (which run in worker processes) stop and restart the
// mail catcher and the gateway, run the sweep and the retention job, and restart the functions.
import { serveControl, startTestBackend } from '../support/test-backend.ts';

/** @param {import('vitest/node').TestProject} project */
export default async function setup(project) {
  const test = await startTestBackend({
    dataPrefix: 'agence-backend-test-',
    retentionIntervalMs: 0, // the tests run the retention job themselves (tests/backend/privacy.test.mjs)
    // The suite sends hundreds of requests from 127.0.0.1 and mails hundreds of rows: the
    // per-address limits and the ceilings of lead and confirmation e-mails (their tests set their own).
    liftLimits: [
      'contacts_per_address',
      'newsletter_per_address',
      'newsletter_per_domain',
      'contacts_mail_ceiling',
      'newsletter_confirm_per_hour',
      'newsletter_confirm_per_day',
    ],
  });
  const { backend } = test;
  console.log(
    `[backend tests] local backend ready in ${backend.startupMs} ms (data: ${test.dataDir})`,
  );
  const control = await serveControl(Promise.resolve(backend));

  project.provide('backend', {
    urls: backend.urls,
    ports: backend.ports,
    keys: backend.keys,
    startupMs: backend.startupMs,
    controlUrl: control.url,
  });

  return async () => {
    control.close();
    await test.stop();
  };
}
