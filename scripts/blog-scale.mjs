// `npm run test:scale`: the blog at the scale of an automated-SEO agency. Generates 1,000 posts in a
// scratch folder (variations of the real posts of src/content/blog, spread over every category),
// builds the site with them (BLOG_CONTENT_DIR), prints the build time, then runs every build check
// (byte budgets, routes, links, share images, blog pagination) on that build, but those that build a
// scratch project of their own (they read nothing of it; `npm test`'s build-checks step runs them).
// The scratch folder is removed; the share images stay cached in node_modules/.astro-blog-scale.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SCRATCH_BUILD_CHECKS, excluding } from './lib/build-checks.mjs';
import { childEnv } from './lib/env.mjs';
import { generatePosts } from './lib/scale-posts.mjs';
import {
  TEST_BOOKING_URL,
  TEST_SCALE_INSPECTOR_PORT,
  TEST_SCALE_SITE_PORT,
} from './lib/test-ports.mjs';

const POSTS = Number(process.env.BLOG_SCALE_POSTS ?? 1000);

const run = (label, command, args, env) => {
  console.log(`\n━━ ${label}: ${[command, ...args].join(' ')}`);
  const started = Date.now();
  const result = spawnSync(`node_modules/.bin/${command}`, args, { stdio: 'inherit', env });
  const seconds = (Date.now() - started) / 1000;
  if (result.status !== 0) {
    console.error(`\n✗ ${label} failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status || 1);
  }
  return seconds;
};

// One scratch folder per checkout, the same at every run: Astro's content cache (ASTRO_CACHE_DIR)
// keeps the entries of the folder it last read, so a new folder at each run would add a second
// copy of the posts to the cached collection at the second run.
const checkout = createHash('sha256').update(process.cwd()).digest('hex').slice(0, 12);
const scratch = join(tmpdir(), `blog-scale-${checkout}`);
rmSync(scratch, { recursive: true, force: true });
mkdirSync(scratch);
try {
  const content = join(scratch, 'blog');
  const dist = join(scratch, 'dist');
  mkdirSync(content);
  generatePosts(content, POSTS);
  // Served on ports of its own, its editor signing in there, and its copy budgets written in the
  // scratch folder: `npm test` runs this step beside the build checks of the test build, which
  // serve that build on TEST_SITE_PORT and write reports/copy-budget.json (scripts/test.mjs).
  const env = childEnv({
    BLOG_CONTENT_DIR: content,
    ASTRO_CACHE_DIR: 'node_modules/.astro-blog-scale',
    PUBLIC_BOOKING_URL: TEST_BOOKING_URL,
    TEST_SITE_PORT: String(TEST_SCALE_SITE_PORT),
    TEST_SITE_INSPECTOR_PORT: String(TEST_SCALE_INSPECTOR_PORT),
    CMS_SIGNIN_ORIGIN: `http://localhost:${TEST_SCALE_SITE_PORT}`,
    COPY_BUDGET_REPORT: join(scratch, 'copy-budget.json'),
  });
  const seconds = run(`Build with ${POSTS} posts`, 'astro', ['build', '--outDir', dist], env);
  run(
    `Build checks on ${POSTS} posts`,
    'vitest',
    ['run', '--config', 'tests/build/vitest.config.ts', ...excluding(SCRATCH_BUILD_CHECKS)],
    {
      ...env,
      TEST_DIST: dist,
      BLOG_EXPECTED_POSTS: String(POSTS),
    },
  );
  const pages = readdirSync(dist, { recursive: true }).filter((f) => f.endsWith('.html')).length;
  console.log(
    `\n✓ ${POSTS} posts: ${pages} pages built in ${seconds.toFixed(1)} s, every build check passed.`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
