// `npm run bench`: Lighthouse (mobile, simulated throttling) over every built route served with
// brotli, each route N times with the routes interleaved, beside a bare page measured first in every
// round (bench/lib/bare-page.mjs) so each LCP reads as a same-round ratio; the key routes' main
// thread in a Chromium trace, each beside its plain twin (bench/lib/plain-twin.mjs); then the
// next page (hover, speculation, click, first paint; bench/lib/next-page.mjs). Every figure is
// taken at the CPU slowdown Lighthouse's calibration gives this machine, as PageSpeed Insights
// takes its own (bench/lib/cpu-slowdown.mjs), and the report says the index and the slowdown.
// Writes reports/bench.json and reports/bench.md. Method: bench/README.md.
// Options: --runs N (5), --only /path,/other, --no-build, --port P (4391), --applied (Lighthouse's
// DevTools throttling: the CPU and network are slowed while the page loads, not simulated
// afterwards), --dist DIR (a site already built there, another project's too, beside the same
// bare page; no build, no next-page step, whose links are this site's).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, ensureChromium } from '../scripts/lib/chromium.mjs';
import { buildSite, serveBuiltSite, sitemapRoutes } from '../scripts/lib/built-site.mjs';
import { BARE_NEXT_ROUTE, BARE_ROUTE, writeBarePage } from './lib/bare-page.mjs';
import { followAfterHover, launchBrowser, served } from './lib/next-page.mjs';
import { keyRoutes, launchTraceBrowser, traceLoad } from './lib/main-thread.mjs';
import { calibratedSlowdown } from './lib/cpu-slowdown.mjs';
import { benchReport, routeRows } from './lib/pages-report.mjs';
import { twinRoute, writePlainTwins } from './lib/plain-twin.mjs';

const arg = (name) => {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 5);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error('--runs must be a whole number of at least 1');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/**
 * Lighthouse's throttling method. Simulated (its default) loads the page at full speed and
 * multiplies each observed task by the CPU slowdown: at a 10× slowdown the few milliseconds
 * Chromium spends on any page become long tasks after the simulated first paint, and the bare page
 * itself scores 95–100 from one run to the next. Applied throttling (`devtools`) slows the CPU and
 * the network while the page loads, so every task is measured at the emulated speed
 * (bench/README.md).
 */
const THROTTLING = process.argv.includes('--applied') ? 'devtools' : 'simulate';
/** The next-page measurement: a page, and the footer link followed from it; the bare pages first. */
const NEXT_PAGES = [
  [BARE_ROUTE, BARE_NEXT_ROUTE],
  ['/', '/faq'],
  ['/faq', '/blog'],
  ['/blog', '/nos-realisations'],
];

/** Another built site to measure, if given: no build, and no next-page step (its links are ours). */
const elsewhere = arg('--dist');
const dist = elsewhere ?? 'dist';
if (!process.argv.includes('--no-build') && !elsewhere) buildSite();
const routes = [BARE_ROUTE, ...(arg('--only')?.split(',') ?? sitemapRoutes(dist))];
/** The routes traced beside Lighthouse: those asked for, else the bare page and the key routes. */
const traced = arg('--only') ? routes : [BARE_ROUTE, ...keyRoutes(sitemapRoutes(dist))];
const removeBarePage = writeBarePage(dist);
const removeTwins = writePlainTwins(
  dist,
  traced.filter((route) => route !== BARE_ROUTE),
  (route) =>
    [`${dist}${route}.html`, `${dist}${route.replace(/\/?$/, '/')}index.html`].find(existsSync),
);
const site = await serveBuiltSite(Number(arg('--port') ?? 4391), dist);
const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});
const traceBrowser = await launchTraceBrowser();

/** Lighthouse's run of `url`, at the CPU slowdown `cpuSlowdown` (its default, 4, when undefined). */
const lighthouseRun = (url, cpuSlowdown = undefined) =>
  lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // What the production host sends Chromium: Cloudflare prefers brotli whenever a browser
    // accepts it, while the local host (workerd) takes the first encoding the browser lists,
    // gzip (bench/README.md).
    extraHeaders: { 'Accept-Encoding': 'br' },
    throttlingMethod: THROTTLING,
    ...(cpuSlowdown && { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
  });

/**
 * The CPU slowdown of every run: Lighthouse's calibration for this machine's index, read by a first
 * Lighthouse run of the bare page (not counted).
 */
const calibrationIndex = (await lighthouseRun(`${site.origin}${BARE_ROUTE}`)).lhr.environment
  .benchmarkIndex;
const cpuSlowdown = calibratedSlowdown(calibrationIndex);
console.log(
  `CPU benchmark index ${Math.round(calibrationIndex)}: Lighthouse's calibration gives a ${cpuSlowdown.toFixed(2)}× slowdown`,
);

/** The 1-minute load average, rounded. */
const load = () => Math.round(loadavg()[0] * 100) / 100;
const loads = [load()];
const samples = new Map(routes.map((route) => [route, []]));
/**
 * Lighthouse's CPU benchmark of the machine in each run (`environment.benchmarkIndex`). Lighthouse
 * warns below 1000 that the machine is slower than its simulation expects: the simulated TBT, and
 * with it Performance, are then worse than a phone would see, the bare page's included.
 */
const benchmarkIndexes = [];
/** Failed runs per route (Lighthouse's error code). */
const failures = new Map();
/** The next-page runs: { run, from, to, activationStart, deliveryType, paint }. */
const nextPages = [];
/** The traced loads: { run, route, total, style, layout, paint, parse, script, longestAfterFcp… }. */
const traces = [];

/** One Lighthouse run of `route` in round `run`: its sample, or its failure, logged. */
async function lighthouseSample(run, route) {
  const result = await lighthouseRun(`${site.origin}${route}`, cpuSlowdown);
  const { categories, audits, runtimeError, environment } = result.lhr;
  benchmarkIndexes.push(environment.benchmarkIndex);
  const lcp = audits['largest-contentful-paint'].numericValue;
  if (runtimeError || lcp === undefined || categories.performance.score === null) {
    // A failed run (page hung, no paint…) is reported, never averaged in as a 0.
    failures.set(route, [...(failures.get(route) ?? []), runtimeError?.code ?? 'no LCP']);
    console.log(`run ${run}/${runs} ${route}: FAILED ${runtimeError?.code ?? 'no LCP'}`);
    return false;
  }
  samples.get(route).push({
    run,
    ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(categories[id].score * 100)])),
    lcp,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    bytes: audits['total-byte-weight'].numericValue,
  });
  console.log(
    `run ${run}/${runs} ${route}: perf ${samples.get(route).at(-1).performance} LCP ${(samples.get(route).at(-1).lcp / 1000).toFixed(2)} s TBT ${Math.round(samples.get(route).at(-1).tbt)} ms (load ${load()})`,
  );
  return true;
}

/** The main-thread traces of `route` and of its plain twin (but the bare page's) in round `run`. */
async function traceRoute(run, route) {
  const work = await traceLoad(traceBrowser, `${site.origin}${route}`, { cpuSlowdown });
  traces.push({ run, route, ...work });
  const twin =
    route === BARE_ROUTE
      ? undefined
      : await traceLoad(traceBrowser, `${site.origin}${twinRoute(route)}`, { cpuSlowdown });
  if (twin) traces.push({ run, route, twin: true, ...twin });
  console.log(
    `run ${run}/${runs} ${route}: main thread ${Math.round(work.total)} ms at ${cpuSlowdown.toFixed(1)}×${twin ? ` (plain twin ${Math.round(twin.total)} ms)` : ''}, longest task after FCP ${Math.round(work.longestAfterFcp)} ms`,
  );
}

/** The next-page runs (none for another site's build), in a browser of their own. */
async function nextPageRuns() {
  const browser = await launchBrowser();
  try {
    for (let run = 1; run <= (elsewhere ? 0 : runs); run++) {
      for (const [from, to] of NEXT_PAGES) {
        const timing = await followAfterHover(browser, `${site.origin}${from}`, to, {
          cpuSlowdown: cpuSlowdown / 4,
        });
        nextPages.push({ run, from, to, ...timing });
        console.log(
          `run ${run}/${runs} ${from} → ${to}: ${served(timing)}, activation ${Math.round(timing.activationStart)} ms, first paint ${Math.round(timing.paint)} ms`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

try {
  for (let run = 1; run <= runs; run++) {
    for (const route of routes) {
      if ((await lighthouseSample(run, route)) && traced.includes(route))
        await traceRoute(run, route);
    }
    loads.push(load());
  }
  await nextPageRuns();
} finally {
  await traceBrowser.close();
  await chrome.kill();
  await site.close();
  removeBarePage();
  removeTwins();
}

/** What reports/bench.json holds. */
const results = {
  runs,
  dist,
  throttling: THROTTLING,
  loadAverage: loads,
  benchmarkIndexes,
  rows: routeRows(routes, samples, failures),
  samples: Object.fromEntries(samples),
  failures: Object.fromEntries(failures),
  cpuSlowdown,
  calibrationIndex,
  traces,
  nextPages,
};
const table = benchReport({
  ...results,
  traced,
  nextPageLinks: elsewhere ? undefined : NEXT_PAGES,
});
mkdirSync('reports', { recursive: true });
writeFileSync('reports/bench.json', JSON.stringify(results, null, 2));
writeFileSync('reports/bench.md', `${table}\n`);
console.log(`\n${table}\n\nWritten to reports/bench.md and reports/bench.json`);
