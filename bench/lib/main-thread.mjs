// Main-thread work of one page load, read from a Chromium trace: what `npm run bench` reports beside
// Lighthouse, and what the shell test (tests/e2e/main-thread.spec.ts) counts. Puppeteer drives the
// system Chromium at a phone's size (412 × 823, touch) with the CPU slowed down as Lighthouse slows
// it (`Emulation.setCPUThrottlingRate`), records the `devtools.timeline` categories from navigation to
// `settle` ms after `load`, and sums the renderer main thread's top-level events by kind.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, ensureChromium } from '../../scripts/lib/chromium.mjs';

/** Trace event names summed under each kind of work. */
export const WORK_KINDS = {
  style: ['UpdateLayoutTree', 'RecalculateStyles'],
  layout: ['Layout'],
  paint: ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers'],
  parse: ['ParseHTML', 'ParseAuthorStyleSheet'],
  script: ['EvaluateScript', 'FunctionCall', 'TimerFire', 'EventDispatch', 'v8.compile'],
};

/** Starts the system Chromium for traces; close it with `browser.close()`. */
export const launchTraceBrowser = () =>
  puppeteer.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS, headless: true });

/**
 * The main-thread work of loading `url` in a fresh context of `browser`.
 * @param {import('puppeteer-core').Browser} browser
 * @param {string} url
 * @param {{ cpuSlowdown?: number, settle?: number }} options
 * @returns {Promise<{ total: number, style: number, layout: number, paint: number, parse: number,
 *   script: number, longestTask: number, longTasks: number, longestAfterFcp: number,
 *   styleRecalcs: number, layouts: number, events: object[] }>} times in ms
 */
export async function traceLoad(browser, url, { cpuSlowdown = 4, settle = 3000 } = {}) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    const session = await page.createCDPSession();
    await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.tracing.start({
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, settle));
    const trace = JSON.parse(new TextDecoder().decode(await page.tracing.stop()));
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    return { ...summarize(trace.traceEvents), elements };
  } finally {
    await context.close();
  }
}

/**
 * Sums a trace's renderer main-thread work: the events of WORK_KINDS that are not nested in another
 * counted event, the tasks (`RunTask`) and the first contentful paint.
 * @param {object[]} events Chrome trace events
 */
export function summarize(events) {
  const main = mainThreadOf(events);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const kindOf = new Map(
    Object.entries(WORK_KINDS).flatMap(([kind, names]) => names.map((name) => [name, kind])),
  );
  const fcp = events.find((e) => e.pid === main.pid && e.name === 'firstContentfulPaint')?.ts;
  const counted = onMain
    .filter((e) => kindOf.has(e.name))
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const sums = Object.fromEntries(Object.keys(WORK_KINDS).map((kind) => [kind, 0]));
  let openUntil = -1;
  let styleRecalcs = 0;
  let layouts = 0;
  let restyled = 0;
  let relaidOut = 0;
  let cpu = 0;
  for (const event of counted) {
    if (event.name === 'UpdateLayoutTree') {
      styleRecalcs += 1;
      restyled += event.args?.elementCount ?? 0;
    }
    if (event.name === 'Layout') {
      layouts += 1;
      relaidOut += event.args?.beginData?.dirtyObjects ?? 0;
    }
    if (event.ts < openUntil) continue; // nested in a counted event: already in its duration
    sums[kindOf.get(event.name)] += event.dur / 1000;
    cpu += (event.tdur ?? event.dur) / 1000;
    openUntil = event.ts + event.dur;
  }
  const tasks = onMain.filter((e) => e.name === 'RunTask');
  const after = fcp === undefined ? [] : tasks.filter((task) => task.ts >= fcp);
  const longest = (list) => Math.max(0, ...list.map((task) => task.dur / 1000));
  const round = (value) => Math.round(value * 10) / 10;
  return {
    total: round(Object.values(sums).reduce((a, b) => a + b, 0)),
    ...Object.fromEntries(Object.entries(sums).map(([kind, ms]) => [kind, round(ms)])),
    longestTask: round(longest(tasks)),
    longTasks: tasks.filter((task) => task.dur > 50_000).length,
    longestAfterFcp: round(longest(after)),
    cpu: round(cpu),
    styleRecalcs,
    layouts,
    restyled,
    relaidOut,
  };
}

/**
 * The renderer main thread of the page: the one that parsed its document (the blank page a new tab
 * opens with is parsed elsewhere, with no URL), else the one that styled the most. A fresh context
 * gives the page a renderer of its own.
 */
function mainThreadOf(events) {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url);
  if (parse) return { pid: parse.pid, tid: parse.tid };
  const styled = new Map();
  for (const e of events.filter((e) => e.name === 'UpdateLayoutTree')) {
    const key = `${e.pid}:${e.tid}`;
    styled.set(key, { pid: e.pid, tid: e.tid, count: (styled.get(key)?.count ?? 0) + 1 });
  }
  const busiest = [...styled.values()].sort((a, b) => b.count - a.count)[0];
  if (!busiest) throw new Error('trace: no document parsed or styled');
  return busiest;
}

/**
 * The routes the benchmark and the shell's tests measure: the home page, contact, the projects,
 * the FAQ, the blog, and the first post and project of the sitemap.
 * @param {string[]} routes every route of the built site
 * @returns {string[]}
 */
export function keyRoutes(routes) {
  const first = (pattern) => routes.find((route) => pattern.test(route));
  const picked = [
    '/',
    '/contact',
    '/nos-realisations',
    '/faq',
    '/blog',
    first(/^\/blog\/(?!categorie\/|page\/)[^/]+$/),
    first(/^\/nos-realisations\/[^/]+$/),
  ];
  const missing = picked.filter((route) => !route || !routes.includes(route));
  if (missing.length) throw new Error(`key routes: not in the sitemap: ${missing.join(', ')}`);
  return /** @type {string[]} */ (picked);
}
