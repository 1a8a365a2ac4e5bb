import { expect, test } from '@playwright/test';
import { sitemapRoutes } from './helpers';

// A visitor on a phone downloads no script until they interact. Every route at 375 px, in
// Chromium, loaded and left alone (no scroll, no tap, no focus): no external script is requested.
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

for (const route of sitemapRoutes()) {
  test(`${route} requests no external script before interaction at 375 px`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(route, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    // Long enough for an idle-time (client:idle) island to have started.
    await page.waitForTimeout(500);
    expect(scripts).toEqual([]);
  });
}

test('the project filter works on the first tap, before anything else has loaded', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/nos-realisations', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'E-commerce' }).tap();
  await expect(page.locator('li[data-category]:visible')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'projet' })).toHaveText(
    '1 projet affiché',
  );
  expect(scripts).toEqual([]);
});

test('a second page view downloads no script it already has', async ({ page }) => {
  test.setTimeout(90_000);
  /** Scripts of the current page as [url, bytes transferred] (0 when served from the cache). */
  const scripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.name.includes('/_astro/') && entry.name.endsWith('.js'))
        .map((entry) => [entry.name, (entry as PerformanceResourceTiming).transferSize] as const),
    );
  const scrollThrough = async () => {
    await page.waitForLoadState('load');
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 700) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(1000);
  };
  await page.goto('/contact');
  await scrollThrough();
  const first = new Map(await scripts());
  expect(first.size, 'the first view loads its islands').toBeGreaterThan(0);
  await page.goto('/');
  await scrollThrough();
  const shared = (await scripts()).filter(([url]) => first.has(url));
  expect(shared.length, 'the second view uses scripts the first loaded').toBeGreaterThan(0);
  expect(shared.filter(([, bytes]) => bytes > 0)).toEqual([]);
});

// The first paint waits for nothing it does not need. On a slow mobile network (CDP
// throttling), every request that has finished before first-contentful-paint is the page itself, a
// font the page preloads for its first screen, or the speculation rules its header names; the
// manifest, icons, images, scripts come after.
for (const route of ['/', '/contact', '/faq', '/nos-realisations', '/blog']) {
  test(`${route}: only the page and its preloaded fonts arrive before the first paint`, async ({
    page,
    context,
  }) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 750e3 / 8,
    });
    // CDP times are monotonic seconds; each request's wallTime gives the offset to epoch ms.
    const requests = new Map<string, { url: string; offset: number; end?: number }>();
    cdp.on('Network.requestWillBeSent', (event) =>
      requests.set(event.requestId, {
        url: event.request.url,
        offset: event.wallTime * 1000 - event.timestamp * 1000,
      }),
    );
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request) request.end = event.timestamp * 1000 + request.offset;
    });
    await page.goto(route, { waitUntil: 'load' });
    await page.waitForTimeout(1000);
    const { firstPaint, preloaded } = await page.evaluate(() => ({
      firstPaint:
        performance.timeOrigin +
        performance.getEntriesByName('first-contentful-paint')[0].startTime,
      preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=font]')].map(
        (link) => link.href,
      ),
    }));
    const before = [...requests.values()]
      .filter((request) => request.end !== undefined && request.end < firstPaint)
      .map((request) => new URL(request.url).pathname);
    const allowed = [
      new URL(page.url()).pathname,
      ...preloaded.map((href) => new URL(href).pathname),
      // The speculation rules the response's Speculation-Rules header names (public/_headers): the
      // browser fetches them beside the page, never in the way of its paint (src/lib/page-scripts/speculation-rules.ts).
      '/speculation-rules.json',
    ];
    expect(before.filter((path) => !allowed.includes(path))).toEqual([]);
    // The listener saw the page itself load (it may finish after the first paint: HTML streams).
    const pageRequest = [...requests.values()].find(
      (request) => new URL(request.url).pathname === new URL(page.url()).pathname,
    );
    expect(pageRequest?.end, 'the page request was recorded to its end').toBeDefined();
  });
}
