// The next page after a hover on its link: what the speculation test asserts and the benchmark reports.

/**
 * Whether Chromium made `request` for a speculation rule: it marks such a request
 * `Sec-Purpose: prefetch…`.
 * @param {import('@playwright/test').Request} request
 */
export const isSpeculative = (request) =>
  (request.headers()['sec-purpose'] ?? '').startsWith('prefetch');

/**
 * Hovers `link` (a Playwright locator of a same-origin link), waits until Chromium has fetched the
 * page the speculation rules asked for, clicks, and reads the new page's Navigation Timing entry:
 * `activationStart` (> 0 for a prerendered page), `deliveryType` and `paint`, its first paint in ms
 * after activation. Chromium prerenders for visitors; under a DevTools connection (Playwright) it
 * prefetches the document instead, which `deliveryType: 'navigational-prefetch'` shows.
 * @param {import('@playwright/test').Page} page
 * @param {import('@playwright/test').Locator} link
 * @returns {Promise<{ activationStart: number, deliveryType: string, paint: number }>}
 */
export async function followAfterHover(page, link) {
  const path = await link.getAttribute('href');
  const speculation = page.context().waitForEvent('request', {
    predicate: (request) => isSpeculative(request) && new URL(request.url()).pathname === path,
    timeout: 15_000,
  });
  await link.hover();
  await (await speculation).response();
  await Promise.all([page.waitForURL((url) => url.pathname === path), link.click()]);
  return page.evaluate(async () => {
    const firstPaint = await new Promise((done) =>
      new PerformanceObserver((list) => done(list.getEntries()[0].startTime)).observe({
        type: 'paint',
        buffered: true,
      }),
    );
    const navigation = performance.getEntriesByType('navigation')[0];
    return {
      activationStart: navigation.activationStart,
      deliveryType: navigation.deliveryType,
      paint: Math.max(firstPaint - navigation.activationStart, 0),
    };
  });
}
