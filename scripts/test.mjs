// `npm test`: every test — the unit tests, the lint and the type check with the backend tests
// beside them, then the build, byte budgets with the blog at 1,000 posts beside them, end to end
// (Chromium, and the visitor's checks in Firefox and WebKit) and accessibility. Stops at the first
// failing step and exits non-zero. `npm test -- --only content,build,pages` runs the named steps
// only.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CODE_ONLY_BUILD_CHECKS, excluding } from './lib/build-checks.mjs';
import { ensureChromium, ensureEngines } from './lib/chromium.mjs';
import { childEnv } from './lib/env.mjs';
import {
  TEST_BOOKING_URL,
  TEST_DIST,
  TEST_GITHUB_PORT,
  TEST_SIGNIN_APP,
  TEST_SITE_ORIGIN,
  TEST_SUPABASE_URL,
} from './lib/test-ports.mjs';

// [id, name, command]: `npm test` runs the steps marked `all`, in order; `--only <id>,…` runs the
// named ones (CI's fast job runs `content`, `build`, `pages`: what a content change can break).
const steps = [
  ['unit', 'Unit tests', ['vitest', 'run'], 'all'],
  ['lint', 'Workflow lint (actionlint)', ['npm', 'run', 'lint:workflows'], 'all'],
  ['types', 'Type check', ['astro', 'check', '--minimumSeverity', 'warning'], 'all'],
  ...(existsSync('tests/backend')
    ? [['backend', 'Backend tests (database, function)', ['npm', 'run', 'test:backend'], 'all']]
    : []),
  ['content', 'Content check (every file, every reference)', ['astro', 'sync']],
  ['build', 'Build (test configuration)', ['astro', 'build', '--outDir', TEST_DIST], 'all'],
  [
    'build-checks',
    'Build checks (byte budgets, links)',
    ['vitest', 'run', '--config', 'tests/build/vitest.config.ts'],
    'all',
  ],
  [
    'pages',
    'Page checks (copy budgets, links, HTML)',
    [
      'vitest',
      'run',
      '--config',
      'tests/build/vitest.config.ts',
      ...excluding(CODE_ONLY_BUILD_CHECKS),
    ],
  ],
  [
    'scale',
    'Blog at 1,000 posts (build, budgets, routes, links)',
    ['npm', 'run', 'test:scale'],
    'all',
  ],
  ['e2e', 'End-to-end, accessibility (Chromium; Firefox, WebKit)', ['playwright', 'test'], 'all'],
];

const onlyArg = process.argv.indexOf('--only');
const only = onlyArg === -1 ? undefined : (process.argv[onlyArg + 1] ?? '').split(',');
const unknown = (only ?? []).filter((id) => !steps.some(([stepId]) => stepId === id));
if (only && (!only.length || unknown.length)) {
  console.error(
    `Unknown step "${unknown.join(', ')}". Usage: npm test -- [--only ${steps.map(([id]) => id).join('|')},…]`,
  );
  process.exit(1);
}
const chosen = steps.filter(([id, , , all]) => (only ? only.includes(id) : all === 'all'));

let chromium;
if (chosen.some(([id]) => id === 'e2e'))
  try {
    chromium = ensureChromium({ install: true });
    ensureEngines({ install: true });
  } catch (error) {
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }

// The test build talks to the test backend (its own ports), never to a developer's `npm start` backend,
// and its editor to the GitHub stand-in of tests/e2e/cms-publish.spec.ts instead of api.github.com.
const env = childEnv({
  ...(chromium ? { CHROMIUM_PATH: chromium } : {}),
  PUBLIC_BOOKING_URL: TEST_BOOKING_URL,
  PUBLIC_SUPABASE_URL: TEST_SUPABASE_URL,
  PUBLIC_SUPABASE_KEY: '',
  CMS_GITHUB_API_ROOT: `http://127.0.0.1:${TEST_GITHUB_PORT}`,
  // « Se connecter avec GitHub », served by the test site's Worker (tests/support/signin.ts).
  CMS_GITHUB_CLIENT_ID: TEST_SIGNIN_APP.clientId,
  CMS_SIGNIN_ORIGIN: TEST_SITE_ORIGIN,
});

const seconds = (since) => Math.round((Date.now() - since) / 1000);
const started = Date.now();
const timings = [];

/**
 * Steps that run beside the others: [the step they start with, the step they must be done before
 * (and every step after it)]. The backend tests wait on their database and functions more than they
 * compute (alone on a quiet 2-core machine they keep it about 40 % busy), so they run beside the
 * unit tests, the lint and the type check; they are done before the build, so that neither the
 * build nor the build checks' scratch builds share the cores with them, and before the end-to-end
 * run, which uses the same backend ports. The blog at 1,000 posts and the build checks each keep
 * a quiet 2-core machine about 60 % busy (their share images, page CSS and HTML checker run on one
 * core), so they run beside each other, the blog's build served on ports of its own
 * (scripts/blog-scale.mjs), and are both done before the end-to-end run (docs/decisions/testing.md).
 * A step beside the others prints its output in one piece when it ends.
 */
const BESIDE = { backend: ['unit', 'build'], scale: ['build-checks', 'e2e'] };

/** The steps' processes still running. */
const running = new Set();
/** A step's place in `steps`. */
const at = (id) => steps.findIndex(([stepId]) => stepId === id);

/** Runs one step; resolves with its exit status, having printed its output. */
function runStep([id, name, [command, ...args]], { quiet = false } = {}) {
  const bin = command === 'npm' ? 'npm' : `node_modules/.bin/${command}`;
  const header = `\n━━ ${name}: ${[command, ...args].join(' ')}`;
  if (!quiet) console.log(header);
  const stepStarted = Date.now();
  const child = spawn(bin, args, { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  running.add(child);
  return new Promise((resolve) => {
    child.on('close', (status, signal) => {
      running.delete(child);
      timings.push(`${id} ${seconds(stepStarted)} s`);
      if (quiet) {
        console.log(`${header} (beside the steps above, ${seconds(stepStarted)} s)`);
        process.stdout.write(Buffer.concat(output));
      }
      if (status !== 0) console.error(`\n✗ ${name} failed (exit ${status ?? signal}).`);
      resolve(status ?? 1);
    });
  });
}

/** Stops whatever still runs and exits with `status`. */
function fail(status) {
  for (const child of running) child.kill('SIGTERM');
  process.exit(status || 1);
}

const besideSteps = chosen.length > 1 ? chosen.filter(([id]) => id in BESIDE) : [];
/** The steps beside the others that have started, with their end. */
const beside = new Map();
const startBeside = (step) => {
  if (!beside.has(step))
    beside.set(
      step,
      runStep(step, { quiet: true }).then((s) => s === 0 || fail(s)),
    );
  return beside.get(step);
};
for (const step of chosen) {
  if (besideSteps.includes(step)) continue;
  for (const other of besideSteps) {
    const [from, until] = BESIDE[other[0]];
    if (at(step[0]) >= at(from)) startBeside(other);
    if (at(step[0]) >= at(until)) await startBeside(other);
  }
  const status = await runStep(step);
  if (status !== 0) fail(status);
}
await Promise.all(besideSteps.map(startBeside));
// Where the time went, step by step (docs/testing.md: CI's figures).
console.log(
  `\n✓ ${only ? only.join(', ') : 'All test steps'} passed in ${seconds(started)} s (${timings.join(', ')}).`,
);
