// Finds a Chromium for Playwright, Lighthouse and screenshots. Playwright's own browser download
// does not work on these machines, so we use the system one (Debian's `chromium` package).
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Flags every headless run here needs (root, no GPU, closed network). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The path of a Chromium executable, or null. CHROMIUM_PATH wins when set. */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`: the same Chromium, without the
 * browser's windows and their pages), which Playwright runs its headless Chromium on by default. The
 * end-to-end tests run on it: a new context costs less than half the CPU it costs in the full
 * browser (docs/decisions/testing.md). CHROMIUM_HEADLESS_SHELL_PATH wins when set; null when absent.
 */
export function findHeadlessShell() {
  const fromEnv = process.env.CHROMIUM_HEADLESS_SHELL_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : null;
}

/** Installs Debian `packages` when running as root on a Debian-like system; false when it cannot. */
function aptInstall(packages) {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`Installing Debian’s ${packages.join(', ')} (apt-get)…`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return true;
}

/**
 * Returns a Chromium path, installing Debian's package when running as root on a Debian-like system
 * (`install: true`); otherwise throws with instructions.
 * @param {{ install?: boolean }} options
 */
export function ensureChromium({ install = false } = {}) {
  const found = findChromium();
  if (found) return found;
  if (install && aptInstall(['chromium'])) {
    const installed = findChromium();
    if (installed) return installed;
  }
  throw new Error(
    [
      'No Chromium found. The tests drive a real Chromium (Playwright cannot download its own here).',
      'Install one, then run the tests again:',
      '  Debian/Ubuntu: sudo apt-get install -y chromium',
      '  or point CHROMIUM_PATH at an existing Chrome/Chromium executable.',
    ].join('\n'),
  );
}

/**
 * The other browsers the end-to-end run drives, each a file its Debian package installs: Chromium's
 * headless shell (the Chromium projects of playwright.config.ts), and the other engines
 * (tests/e2e/support/engines.ts): Firefox, WebKit's WebDriver (with its MiniBrowser) and the X server
 * it draws in.
 */
const ENGINE_PACKAGES = {
  [HEADLESS_SHELL]: 'chromium-headless-shell',
  '/usr/bin/firefox-esr': 'firefox-esr',
  '/usr/bin/WebKitWebDriver': 'webkit2gtk-driver',
  '/usr/bin/Xvfb': 'xvfb',
};

/**
 * Makes sure the headless shell, Firefox and WebKit are there, installing Debian's packages when
 * running as root on a Debian-like system (`install: true`); otherwise throws with instructions.
 * @param {{ install?: boolean }} options
 */
export function ensureEngines({ install = false } = {}) {
  const missing = () =>
    Object.entries(ENGINE_PACKAGES)
      .filter(([file]) => !existsSync(file))
      .map(([, name]) => name);
  if (missing().length === 0) return;
  if (install && aptInstall(missing()) && missing().length === 0) return;
  throw new Error(
    [
      `Not installed: ${missing().join(', ')}. The end-to-end run drives them beside Chromium.`,
      `  Debian/Ubuntu: sudo apt-get install -y ${missing().join(' ')}`,
    ].join('\n'),
  );
}
