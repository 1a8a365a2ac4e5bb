import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, findChromium, findHeadlessShell } from './scripts/lib/chromium.mjs';
import {
  TEST_BOOKING_PORT,
  TEST_DIST,
  TEST_SITE_INSPECTOR_PORT,
  TEST_SITE_PORT,
} from './scripts/lib/test-ports.mjs';
import type { EngineOptions } from './tests/e2e/support/engines';
import { BACKEND_EXCLUSIVE_SPECS } from './tests/e2e/support/projects';
import { workerEnvFile } from './tests/support/signin';

/** The checks run in the other engines, by their own drivers (tests/e2e/support/engines.ts). */
const ENGINE_SPECS = /engines\.spec\.ts$/;
/** Checks of a setting that Firefox alone lets a test set: the default font size. */
const FIREFOX_SPECS = /\.firefox\.spec\.ts$/;

/** Not tests: the editor's screenshots for CONTENT.md, taken by `npm run screenshots:editor`. */
const ON_REQUEST = process.env.EDITOR_SCREENSHOTS ? [] : ['editor-screenshots.spec.ts'];
/** What the Chromium projects sharing the backend leave to the others. */
const CHROMIUM_SHARED_IGNORE = [
  ...[...BACKEND_EXCLUSIVE_SPECS, ...ON_REQUEST].map((spec) => `**/${spec}`),
  ENGINE_SPECS,
  FIREFOX_SPECS,
];

// End-to-end tests: real Chromium against the site built by `npm test` (TEST_DIST), served by the
// production host's runtime (wrangler dev, scripts/serve.mjs), a local stand-in page for the booking
// widget on another origin, and the local backend, started once for the run by the global setup.
export default defineConfig<object, { engine: Pick<EngineOptions, 'engine' | 'withoutPopover'> }>({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  projects: [
    // Every spec in the light theme (a11y.spec.ts judges both themes itself); the checks tagged
    // `@both-themes` again in the dark one (the visitor's system theme, src/styles/tokens.css).
    { name: 'site', testIgnore: CHROMIUM_SHARED_IGNORE },
    // The visitor-facing checks in Firefox and WebKit (Safari's engine), and in WebKit without
    // `popover`, as Safari/iOS 16 (the site's floor, docs/decisions/look.md#the-browser-floor).
    {
      name: 'firefox',
      testMatch: [ENGINE_SPECS, FIREFOX_SPECS],
      use: { engine: { engine: 'firefox' } },
    },
    { name: 'webkit', testMatch: ENGINE_SPECS, use: { engine: { engine: 'webkit' } } },
    {
      name: 'webkit-floor',
      testMatch: ENGINE_SPECS,
      use: { engine: { engine: 'webkit', withoutPopover: true } },
    },
    {
      name: 'dark',
      testIgnore: CHROMIUM_SHARED_IGNORE,
      grep: /@both-themes/,
      use: { colorScheme: 'dark' },
    },
    // The specs that stop or limit the shared backend run alone, once every other spec is done.
    {
      name: 'backend-exclusive',
      testMatch: BACKEND_EXCLUSIVE_SPECS.map((spec) => `**/${spec}`),
      dependencies: ['site', 'dark', 'firefox', 'webkit', 'webkit-floor'],
    },
  ],
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The JSON report holds each test's duration: where the run's time goes (docs/testing.md).
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ['json', { outputFile: 'reports/e2e-report.json' }],
  ],
  timeout: 30_000,
  // An assertion waits for the state it names; on a loaded 2-core machine the search's WebAssembly and
  // a hydrating island took over the default 5 s to get there (docs/decisions/testing.md).
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://localhost:${TEST_SITE_PORT}`,
    browserName: 'chromium',
    // Chromium's headless shell, as Playwright's own headless Chromium; the full browser where it is
    // not installed (`npm test` installs it: scripts/lib/chromium.mjs).
    launchOptions: {
      executablePath: findHeadlessShell() ?? findChromium() ?? undefined,
      args: CHROMIUM_FLAGS,
    },
    trace: 'off',
  },
  webServer: [
    {
      command: `node scripts/serve.mjs`,
      env: {
        PORT: String(TEST_SITE_PORT),
        SITE_DIR: TEST_DIST,
        HOST_INSPECTOR_PORT: String(TEST_SITE_INSPECTOR_PORT),
        // The Worker's sign-in settings: the test GitHub App, the GitHub stand-in.
        HOST_ENV_FILE: workerEnvFile(),
      },
      url: `http://localhost:${TEST_SITE_PORT}/`,
      // workerd takes a while to start on a loaded machine.
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: `node tests/fixtures/booking-server.mjs`,
      url: `http://localhost:${TEST_BOOKING_PORT}/booking.html`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
  ],
});
