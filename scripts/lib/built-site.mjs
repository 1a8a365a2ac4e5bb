// Builds the site when asked and serves dist/ on a local port, for screenshots and the benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { startHost } from './host.mjs';
import { childEnv } from './env.mjs';

/** Runs `astro build` into dist/ (throws when it fails). */
export function buildSite() {
  const result = spawnSync('node_modules/.bin/astro', ['build'], {
    stdio: 'inherit',
    env: childEnv(),
  });
  if (result.status !== 0) throw new Error('astro build failed');
}

/** Every route of the built sitemap, as paths (`/`, `/contact`, …). */
export function sitemapRoutes(dist = 'dist') {
  const file = `${dist}/sitemap-0.xml`;
  if (!existsSync(file)) throw new Error(`${file} is missing: build the site first.`);
  return [...readFileSync(file, 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1]).pathname,
  );
}

/**
 * Serves `dir` (dist/ by default) with the production host's runtime on `port`; returns
 * { origin, close }.
 * @param {number} port
 * @param {string} [dir]
 */
export function serveBuiltSite(port, dir = 'dist') {
  return startHost({ dir, port });
}
