// The report of `npm run bench` (bench/pages.mjs): each route's figures over its runs, and the
// Markdown of reports/bench.md (Lighthouse, the main thread, the next page). Method: bench/README.md.
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { BARE_ROUTE } from './bare-page.mjs';
import { served } from './next-page.mjs';

/**
 * @typedef {{ median: number, min: number, max: number }} Stats
 * @typedef {{ runs: number, dist: string, throttling: string, loadAverage: number[],
 *   benchmarkIndexes: number[], rows: ReturnType<typeof routeRows>, cpuSlowdown: number,
 *   calibrationIndex: number, traced: string[], traces: Array<Record<string, any>>,
 *   nextPages: Array<Record<string, any>>, nextPageLinks?: string[][] }} Bench
 *   `nextPageLinks`: the links the next-page step followed, undefined when it did not run
 */

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** { median, min, max } of one figure over a route's runs. */
const stats = (values) => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

const range = ({ median: mid, min, max }, format) =>
  min === max ? format(mid) : `${format(mid)} (${format(min)}–${format(max)})`;
const score = (value) => String(Math.round(value));
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
const ms = (value) => `${Math.round(value)} ms`;
const ratio = (value) => `${value.toFixed(2)}×`;

/**
 * Each route's Lighthouse figures over its runs (those with at least one sample): { median, min,
 * max } of each, its failed runs, and its LCP over the bare page's of the same round.
 * @param {string[]} routes
 * @param {Map<string, Array<Record<string, number>>>} samples by route
 * @param {Map<string, string[]>} failures by route
 */
export function routeRows(routes, samples, failures) {
  /** Per round, the route's LCP divided by the bare page's LCP of the same round. */
  const bareLcp = new Map(samples.get(BARE_ROUTE).map((sample) => [sample.run, sample.lcp]));
  const lcpRatios = (list) =>
    list
      .filter((sample) => bareLcp.has(sample.run))
      .map((sample) => sample.lcp / bareLcp.get(sample.run));
  return routes
    .filter((route) => samples.get(route).length)
    .map((route) => {
      const list = samples.get(route);
      const ratios = lcpRatios(list);
      return {
        route,
        failed: failures.get(route)?.length ?? 0,
        ...Object.fromEntries(
          Object.keys(list[0])
            .filter((key) => key !== 'run')
            .map((key) => [key, stats(list.map((sample) => sample[key]))]),
        ),
        lcpRatio: ratios.length ? stats(ratios) : undefined,
      };
    });
}

/** The Lighthouse section of the report: how it was measured, then a row per route. @param {Bench} bench */
function lighthouseTable({
  runs,
  dist,
  throttling,
  loadAverage,
  benchmarkIndexes,
  rows,
  ...bench
}) {
  return [
    `Lighthouse ${lighthousePackage.version}, ${dist === 'dist' ? '' : `the site built in ${dist}, `}mobile, ${throttling === 'devtools' ? 'applied (DevTools)' : 'simulated'} throttling at a ${bench.cpuSlowdown.toFixed(2)}× CPU slowdown (Lighthouse's calibration for this machine's CPU benchmark index, ${Math.round(bench.calibrationIndex)}), ${runs} interleaved runs per route, median (min–max), ${new Date().toISOString().slice(0, 10)}. Load average (1 min) before, after each round: ${loadAverage.join(', ')}. Lighthouse's CPU benchmark index in the runs (it warns below 1000): ${range(stats(benchmarkIndexes), score)}.`,
    '',
    `LCP ÷ bare: the route's LCP over the bare page's (${BARE_ROUTE}: one h1, one paragraph, system font) in the same round, median of the rounds.`,
    '',
    '| route | Perf. | A11y | Best pr. | SEO | LCP | LCP ÷ bare | TBT | CLS | transfer |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (row) =>
        `| ${row.route}${row.failed ? ` (${row.failed} of ${runs} runs failed)` : ''} | ${range(row.performance, score)} | ${range(row.accessibility, score)} | ${range(row['best-practices'], score)} | ${range(row.seo, score)} | ${range(row.lcp, seconds)} | ${row.lcpRatio ? range(row.lcpRatio, ratio) : 'n/a'} | ${range(row.tbt, ms)} | ${range(row.cls, (value) => value.toFixed(3))} | ${Math.round(row.bytes.median / 1024)} KB |`,
    ),
  ];
}

/** A traced route's row: its totals, over its twin's and the bare page's, by kind of work. */
function traceRow(route, traces) {
  const list = traces.filter((sample) => sample.route === route && !sample.twin);
  if (!list.length) return `| ${route} | n/a |`;
  /** The same round's total of `pick`'s trace, by run. */
  const totals = (pick) => new Map(traces.filter(pick).map((sample) => [sample.run, sample.total]));
  const over = (floor) => {
    const times = list.filter((sample) => floor.has(sample.run));
    return times.length
      ? range(stats(times.map((sample) => sample.total / floor.get(sample.run))), ratio)
      : 'n/a';
  };
  const twin = totals((sample) => sample.route === route && sample.twin);
  const bare = totals((sample) => sample.route === BARE_ROUTE);
  const kinds = ['total', 'style', 'layout', 'paint', 'parse', 'script'];
  const cell = (kind) => range(stats(list.map((sample) => sample[kind])), ms);
  return `| ${route} | ${cell('total')} | ${route === BARE_ROUTE ? '' : over(twin)} | ${over(bare)} | ${kinds.slice(1).map(cell).join(' | ')} | ${cell('longestAfterFcp')} |`;
}

/** The main-thread section of the report. @param {Bench} bench */
function traceTable({ cpuSlowdown, traced, traces }) {
  return [
    '',
    `Main thread during the load, Chromium trace at the same ${cpuSlowdown.toFixed(2)}× CPU slowdown, 412 × 823, from navigation to 3 s after load; top-level events by kind, ms. × twin: the route's total over its plain twin's (the same document with no author CSS, web font or script) in the same round; × bare: over the bare page's; medians of the rounds.`,
    '',
    '| route | total | × twin | × bare | style | layout | paint | parse | script | longest task after FCP |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...traced.map((route) => traceRow(route, traces)),
  ];
}

/** The next-page section of the report. @param {Bench} bench */
function nextPageTable({ cpuSlowdown, runs, nextPages, nextPageLinks = [] }) {
  return [
    '',
    `Next page: phone size (375 × 812), CPU slowed ${(cpuSlowdown / 4).toFixed(2)}× (local server); a footer link hovered, its speculation awaited, then clicked; ${runs} runs per link, each in a fresh browser context, median (min–max). Prerendered: the page was activated (activationStart > 0); its first paint is counted from the activation, that is the click.`,
    '',
    '| link | served as | first paint after activation |',
    '|---|---|---:|',
    ...nextPageLinks.map(([from, to]) => {
      const list = nextPages.filter((sample) => sample.from === from && sample.to === to);
      const how = [...new Set(list.map(served))].join(', ');
      return `| ${from} → ${to} | ${how} | ${list.length ? range(stats(list.map((sample) => sample.paint)), ms) : 'n/a'} |`;
    }),
  ];
}

/**
 * The Markdown of reports/bench.md: Lighthouse, the main thread, then the next page if it ran.
 * @param {Bench} bench
 */
export function benchReport(bench) {
  return [
    ...lighthouseTable(bench),
    ...traceTable(bench),
    ...(bench.nextPageLinks ? nextPageTable(bench) : []),
  ].join('\n');
}
