// `npm run bench`: Lighthouse (mobile, simulated throttling) over every built route served with
// compression, several runs each; medians of the four category scores, LCP, TBT, CLS and bytes.
// Writes reports/bench.json and reports/bench.md (git-ignored); copy the table into the README.
// Options: --runs N (default 3), --only /path,/other (default: every route), --no-build.
import { mkdirSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS, ensureChromium } from './lib/chromium.mjs';
import { buildSite, serveBuiltSite, sitemapRoutes } from './lib/built-site.mjs';

const arg = (name) => {
  const index = process.argv.indexOf(name);
  return index > -1 ? process.argv[index + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

if (!process.argv.includes('--no-build')) buildSite();
const routes = arg('--only')?.split(',') ?? sitemapRoutes();
const site = await serveBuiltSite(4391);
const chrome = await chromeLauncher.launch({
  chromePath: ensureChromium(),
  chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
});

const rows = [];
try {
  for (const route of routes) {
    const samples = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${site.origin}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const { categories, audits } = result.lhr;
      samples.push({
        ...Object.fromEntries(CATEGORIES.map((id) => [id, Math.round(categories[id].score * 100)])),
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        bytes: audits['total-byte-weight'].numericValue,
      });
    }
    const row = { route };
    for (const key of Object.keys(samples[0]))
      row[key] = median(samples.map((sample) => sample[key]));
    rows.push(row);
    console.log(
      `${route}: perf ${row.performance} a11y ${row.accessibility} bp ${row['best-practices']} seo ${row.seo}` +
        ` LCP ${(row.lcp / 1000).toFixed(2)} s TBT ${Math.round(row.tbt)} ms CLS ${row.cls.toFixed(3)} ${Math.round(row.bytes / 1024)} KB`,
    );
  }
} finally {
  await chrome.kill();
  await site.close();
}

const table = [
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling, median of ${runs} runs, ${new Date().toISOString().slice(0, 10)}.`,
  '',
  '| route | Perf. | A11y | Best pr. | SEO | LCP | TBT | CLS | transfer |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (row) =>
      `| ${row.route} | ${row.performance} | ${row.accessibility} | ${row['best-practices']} | ${row.seo} | ${(row.lcp / 1000).toFixed(2)} s | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${Math.round(row.bytes / 1024)} KB |`,
  ),
].join('\n');
mkdirSync('reports', { recursive: true });
writeFileSync('reports/bench.json', JSON.stringify({ runs, rows }, null, 2));
writeFileSync('reports/bench.md', `${table}\n`);
console.log(`\n${table}\n\nWritten to reports/bench.md and reports/bench.json`);
