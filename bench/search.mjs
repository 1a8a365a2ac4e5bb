// `npm run bench:search`: the site search's first query on a throttled phone (CPU 4×, Lighthouse's
// mobile network), the blog at 1,000 posts (scripts/lib/scale-posts.mjs), a fresh browser context
// per run: the visitor taps the header's search button, then types the query. Bytes from the tap to
// the query's results, the time from the tap to the first results listed (of the letters typed so
// far) and from the last key to the query's own, median and min–max, with the load average.
// Method: bench/README.md.
// Options: --posts N (1000), --runs N (5), --queries a,b, --port P (5030; devtools P + 1), --dist DIR.
// Budget: at most 150 KB; first results within 1 s of the tap and 300 ms of the last key.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, ensureChromium } from '../scripts/lib/chromium.mjs';
import { childEnv } from '../scripts/lib/env.mjs';
import { startHost } from '../scripts/lib/host.mjs';
import { generatePosts } from '../scripts/lib/scale-posts.mjs';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000' },
    runs: { type: 'string', default: '5' },
    queries: { type: 'string', default: 'chatbots,automatiser,prix' },
    port: { type: 'string', default: '5030' },
    dist: { type: 'string' },
  },
});
const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const SEARCH_FILE = /\/(recherche\.js|pagefind\/)/;

/** One first query: bytes and times, in a fresh context. */
async function firstQuery(browser, origin, query) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true });
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const urls = new Map();
    let bytes = 0;
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) =>
      urls.set(requestId, request.url),
    );
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (SEARCH_FILE.test(urls.get(requestId) ?? '')) bytes += encodedDataLength;
    });
    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
    if (bytes !== 0) throw new Error('the search loaded before the visitor showed an intent');
    await page.evaluate((query) => {
      const marks = (window.__searchMarks = {});
      const form = document.querySelector('#recherche-panneau form');
      const field = form.querySelector('input');
      const button = document.querySelector('button[popovertarget="recherche-panneau"]');
      button.addEventListener('pointerdown', () => (marks.tap ??= performance.now()), {
        capture: true,
      });
      field.addEventListener('input', () => (marks.lastKey = performance.now()));
      // The first results listed are those of the letters typed so far. The search shows only the
      // results of the field's value: once it holds the whole query, the next listed are the query's.
      new MutationObserver(() => {
        if (!form.querySelector('li a')) return;
        marks.first ??= performance.now();
        if (marks.shown == null && field.value === query) marks.shown = performance.now();
      }).observe(form, { childList: true, subtree: true });
    }, query);
    await page.tap('button[popovertarget="recherche-panneau"]');
    await page.keyboard.type(query, { delay: 125 });
    await page.waitForFunction(() => window.__searchMarks.shown != null, { timeout: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the last responses' byte counts
    const marks = await page.evaluate(() => window.__searchMarks);
    return {
      bytes,
      afterLastKey: marks.shown - marks.lastKey,
      firstAfterTap: marks.first - marks.tap,
    };
  } finally {
    await context.close();
  }
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const range = (list) => `${Math.round(Math.min(...list))}–${Math.round(Math.max(...list))}`;

const scratch = mkdtempSync(join(tmpdir(), 'bench-search-'));
let host;
let browser;
try {
  const content = join(scratch, 'blog');
  const dist = values.dist ?? join(scratch, 'dist');
  if (!values.dist) {
    mkdirSync(content);
    generatePosts(content, Number(values.posts));
    console.log(`━━ Build with ${values.posts} posts`);
    const built = spawnSync('node_modules/.bin/astro', ['build', '--outDir', dist], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: childEnv({
        BLOG_CONTENT_DIR: content,
        ASTRO_CACHE_DIR: 'node_modules/.astro-blog-scale',
      }),
    });
    if (built.status !== 0) process.exit(built.status || 1);
  }
  host = await startHost({
    dir: dist,
    port: Number(values.port),
    inspectorPort: Number(values.port) + 1,
  });
  browser = await puppeteer.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
  const { origin } = host;
  console.log(
    `\nLoad average (1, 5, 15 min) before: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
  console.log(
    "\n| query | bytes (median, min–max) | query's results after its last key, ms | first results after the tap, ms |",
  );
  console.log('|---|---|---|---|');
  for (const query of values.queries.split(',')) {
    const runs = [];
    for (let run = 0; run < Number(values.runs); run++)
      runs.push(await firstQuery(browser, origin, query));
    const column = (key) => runs.map((run) => run[key]);
    console.log(
      `| ${query} | ${median(column('bytes'))} B (${range(column('bytes'))}) | ${Math.round(median(column('afterLastKey')))} (${range(column('afterLastKey'))}) | ${Math.round(median(column('firstAfterTap')))} (${range(column('firstAfterTap'))}) |`,
    );
  }
  console.log(
    `\nLoad average after: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')}`,
  );
} finally {
  await browser?.close();
  await host?.close();
  rmSync(scratch, { recursive: true, force: true });
}
