// `npm run bench`: Lighthouse (mobile, simulated throttling) over every built route served with
// compression. Lighthouse is noisy on a shared machine, so each route is measured N times with the
// routes interleaved (run 1 of every route, then run 2…): a burst of load spreads over all routes
// instead of spoiling one. Reports the median and the min–max of each figure, and the machine's load
// average before, during and after. Writes reports/bench.json and reports/bench.md (git-ignored);
// copy the table into the README from a run on a quiet machine.
// Options: --runs N (default 5), --only /path,/other (default: every route), --no-build,
// --port P (default 4391, the local server).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, ensureChromium } from './lib/chromium.mjs';
import { buildSite, serveBuiltSite, sitemapRoutes } from './lib/built-site.mjs';

const arg = (name) => {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 5);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error('--runs must be a whole number of at least 1');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

if (!process.argv.includes('--no-build')) buildSite();
const routes = arg('--only')?.split(',') ?? sitemapRoutes();
const site = await serveBuiltSite(Number(arg('--port') ?? 4391));
const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});

/** The 1-minute load average, rounded. */
const load = () => Math.round(loadavg()[0] * 100) / 100;
const loads = [load()];
const samples = new Map(routes.map((route) => [route, []]));
/** Failed runs per route (Lighthouse's error code). */
const failures = new Map();
try {
  for (let run = 1; run <= runs; run++) {
    for (const route of routes) {
      const result = await lighthouse(`${site.origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const { categories, audits, runtimeError } = result.lhr;
      const lcp = audits['largest-contentful-paint'].numericValue;
      if (runtimeError || lcp === undefined || categories.performance.score === null) {
        // A failed run (page hung, no paint…) is reported, never averaged in as a 0.
        failures.set(route, [...(failures.get(route) ?? []), runtimeError?.code ?? 'no LCP']);
        console.log(`run ${run}/${runs} ${route}: FAILED ${runtimeError?.code ?? 'no LCP'}`);
        continue;
      }
      samples.get(route).push({
        ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(categories[id].score * 100)])),
        lcp,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        bytes: audits['total-byte-weight'].numericValue,
      });
      console.log(
        `run ${run}/${runs} ${route}: perf ${samples.get(route).at(-1).performance} LCP ${(samples.get(route).at(-1).lcp / 1000).toFixed(2)} s (load ${load()})`,
      );
    }
    loads.push(load());
  }
} finally {
  await chrome.kill();
  await site.close();
}

/** { median, min, max } of one figure over a route's runs. */
const stats = (values) => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});
const rows = routes
  .filter((route) => samples.get(route).length)
  .map((route) => {
    const list = samples.get(route);
    return {
      route,
      failed: failures.get(route)?.length ?? 0,
      ...Object.fromEntries(
        Object.keys(list[0]).map((key) => [key, stats(list.map((sample) => sample[key]))]),
      ),
    };
  });
const range = ({ median: mid, min, max }, format) =>
  min === max ? format(mid) : `${format(mid)} (${format(min)}–${format(max)})`;
const score = (value) => String(Math.round(value));
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
const ms = (value) => `${Math.round(value)} ms`;

const table = [
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling, ${runs} interleaved runs per route, median (min–max), ${new Date().toISOString().slice(0, 10)}. Load average (1 min) before, after each round: ${loads.join(', ')}.`,
  '',
  '| route | Perf. | A11y | Best pr. | SEO | LCP | TBT | CLS | transfer |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (row) =>
      `| ${row.route}${row.failed ? ` (${row.failed} of ${runs} runs failed)` : ''} | ${range(row.performance, score)} | ${range(row.accessibility, score)} | ${range(row['best-practices'], score)} | ${range(row.seo, score)} | ${range(row.lcp, seconds)} | ${range(row.tbt, ms)} | ${range(row.cls, (value) => value.toFixed(3))} | ${Math.round(row.bytes.median / 1024)} KB |`,
  ),
].join('\n');
mkdirSync('reports', { recursive: true });
writeFileSync(
  'reports/bench.json',
  JSON.stringify(
    {
      runs,
      loadAverage: loads,
      rows,
      samples: Object.fromEntries(samples),
      failures: Object.fromEntries(failures),
    },
    null,
    2,
  ),
);
writeFileSync('reports/bench.md', `${table}\n`);
console.log(`\n${table}\n\nWritten to reports/bench.md and reports/bench.json`);
