// `npm run screenshots`: builds the site and saves every page (and the 404 page) at 375 px and
// 1280 px wide, full page, into screenshots/ (git-ignored). Options: --no-build, --only=/,/contact
// (some routes), SCREENSHOTS_PORT (default 4390) to run beside another copy.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, ensureChromium } from './lib/chromium.mjs';
import { buildSite, serveBuiltSite, sitemapRoutes } from './lib/built-site.mjs';

const WIDTHS = [375, 1280];
const OUT = 'screenshots';

if (!process.argv.includes('--no-build')) buildSite();
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const routes = only ? only.split(',') : [...sitemapRoutes(), '/404'];
const site = await serveBuiltSite(Number(process.env.SCREENSHOTS_PORT ?? 4390));
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
mkdirSync(OUT, { recursive: true });
try {
  for (const width of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const route of routes) {
      await page.goto(`${site.origin}${route}`, { waitUntil: 'networkidle' });
      // Reveal everything that waits for scrolling, so the picture shows the whole page.
      // Same for lazy images below the first screen (loaded here without scrolling, which would
      // wake the islands).
      await page.evaluate(async () => {
        document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-revealed'));
        const lazy = [...document.querySelectorAll('img[loading=lazy]')];
        lazy.forEach((img) => (img.loading = 'eager'));
        await Promise.all(lazy.map((img) => img.decode().catch(() => {})));
      });
      await page.waitForTimeout(700);
      const name = route === '/' ? 'accueil' : route.slice(1).replaceAll('/', '__');
      await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
    }
    await page.close();
  }
  console.log(`${routes.length * WIDTHS.length} screenshots saved in ${OUT}/`);
} finally {
  await browser.close();
  await site.close();
}
