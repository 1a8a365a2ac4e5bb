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

/**
 * Returns a Chromium path, installing Debian's package when running as root on a Debian-like system
 * (`install: true`); otherwise throws with instructions.
 * @param {{ install?: boolean }} options
 */
export function ensureChromium({ install = false } = {}) {
  const found = findChromium();
  if (found) return found;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (install && canApt) {
    console.log('Chromium not found: installing Debian’s chromium package (apt-get)…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
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
