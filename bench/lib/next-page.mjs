// The next page after a hover on its link: what the speculation test asserts and the benchmark reports.
//
// Driven with puppeteer-core (Lighthouse's own driver), not Playwright: Chromium refuses to prerender
// while a DevTools session is attached the old way, page by page (Preload reports
// « PrerenderingDisabledByDevTools » under Playwright, or under a CDP session a script opens on the
// page); Puppeteer attaches through the tab, and then Chromium prerenders as it does for a visitor.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_FLAGS, ensureChromium } from '../../scripts/lib/chromium.mjs';

/**
 * Whether Chromium made `request` for a speculation rule: it marks such a request
 * `Sec-Purpose: prefetch…` (`prefetch;prerender` for a prerender). Takes a Playwright or a Puppeteer
 * request (both have `headers()`).
 * @param {{ headers(): Record<string, string> }} request
 */
export const isSpeculative = (request) =>
  (request.headers()['sec-purpose'] ?? '').startsWith('prefetch');

/** How a next page was served: prerendered (activated), else its Navigation Timing delivery type. */
export const served = (timing) =>
  timing.activationStart > 0 ? 'prerender' : timing.deliveryType || 'network';

/** How long the speculated page must have requested nothing before the click (ms). */
const QUIET = 300;

/** Starts the system Chromium for next-page measurements; close it with `browser.close()`. */
export const launchBrowser = () =>
  puppeteer.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS, headless: true });

/**
 * Opens `url` in a fresh browser context of `browser` at phone size, hovers the link to `path` in its
 * footer once the page's speculation rules have arrived, waits until Chromium has received the page
 * the rules asked for and that page has asked for nothing more for QUIET ms, clicks, and reads the new
 * page's `path` and its Navigation Timing entry: `activationStart` (> 0 for a prerendered page),
 * `deliveryType` and `paint`, its first paint in ms after activation. The context is closed after.
 * @param {import('puppeteer-core').Browser} browser
 * @param {string} url the page the visitor is on
 * @param {string} path the footer link's `href`
 * @param {{ cpuSlowdown?: number }} options `cpuSlowdown`: the CPU throttling of the visitor's page
 *   (1, none, by default)
 * @returns {Promise<{ path: string, activationStart: number, deliveryType: string, paint: number }>}
 */
export async function followAfterHover(browser, url, path, { cpuSlowdown = 1 } = {}) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 375, height: 812 });
    // Through the page's own session: a CDP session opened beside it would stop the prerender.
    if (cpuSlowdown > 1) await page.emulateCPUThrottling(cpuSlowdown);
    // The rules come in a file the `Speculation-Rules` header names: hover once they are in.
    const rules = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/speculation-rules.json',
    );
    await page.goto(url, { waitUntil: 'load' });
    await rules;
    const link = `footer a[href="${path}"]`;
    let lastSpeculative = 0;
    page.on('request', (request) => {
      if (isSpeculative(request)) lastSpeculative = Date.now();
    });
    const speculation = page.waitForResponse(
      (response) => isSpeculative(response.request()) && new URL(response.url()).pathname === path,
      { timeout: 15_000 },
    );
    await page.hover(link);
    await speculation;
    // A visitor clicks some time after the hover: let the speculated page ask for what it needs (the
    // prerendered page's stylesheet, enabled at its `load`, comes last), until it has asked for nothing
    // for QUIET ms. (Network idle never comes: the prefetched document's second request, the one the
    // prerender's navigation is served from, never reports its end.)
    while (Date.now() - lastSpeculative < QUIET)
      await new Promise((resolve) => setTimeout(resolve, QUIET - (Date.now() - lastSpeculative)));
    await Promise.all([page.waitForNavigation(), page.click(link)]);
    return await page.evaluate(async () => {
      const firstPaint = await new Promise((done) =>
        new PerformanceObserver((list) => done(list.getEntries()[0].startTime)).observe({
          type: 'paint',
          buffered: true,
        }),
      );
      const navigation = performance.getEntriesByType('navigation')[0];
      return {
        path: location.pathname,
        activationStart: navigation.activationStart,
        deliveryType: navigation.deliveryType,
        paint: Math.max(firstPaint - navigation.activationStart, 0),
      };
    });
  } finally {
    await context.close();
  }
}
