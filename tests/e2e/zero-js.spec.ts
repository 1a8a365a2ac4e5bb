import { expect, test } from '@playwright/test';

// A visitor on a phone downloads no script until they interact (every route: site.spec.ts), even
// when they tap before anything else has loaded, and a second page view downloads none again.
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

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

// The first paint waits for nothing it does not need: with every other request held back (by any
// clock, the slowest network), the page still paints. Only the page itself, the fonts it preloads for
// its first screen and the speculation rules its header names go through; the manifest, icons,
// images, scripts, the stylesheet and the other fonts wait until the first paint has happened.
for (const route of ['/', '/contact', '/faq', '/nos-realisations', '/blog']) {
  test(`${route}: only the page and its preloaded fonts are needed for the first paint`, async ({
    page,
  }) => {
    const html = await (await page.request.get(route)).text();
    const preloaded = [...html.matchAll(/<link[^>]*rel="preload"[^>]*>/g)]
      .filter((match) => /\sas="font"/.test(match[0]))
      .map((match) => /\shref="([^"]+)"/.exec(match[0])![1]);
    const allowed = new Set([
      route,
      ...preloaded,
      // The speculation rules the response's Speculation-Rules header names (public/_headers): the
      // browser fetches them beside the page, never in the way of its paint (src/lib/page-scripts/speculation-rules.ts).
      '/speculation-rules.json',
    ]);
    let release!: () => void;
    const painted = new Promise<void>((resolve) => (release = resolve));
    const others: string[] = [];
    await page.route('**/*', async (request) => {
      const path = new URL(request.request().url()).pathname;
      if (!allowed.has(path)) {
        others.push(path);
        await painted;
      }
      await request.continue().catch(() => {});
    });
    await page.goto(route, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => performance.getEntriesByName('first-contentful-paint').length > 0,
    );
    release();
    // The page does have more than its first paint needs (the stylesheet, enabled after it,
    // scripts, icons): each was held until the paint, or asked for after it.
    await expect.poll(() => others.length).toBeGreaterThan(0);
  });
}

// The whole stylesheet (src/integrations/page-css.ts) brings only the states scripts create: it is
// asked for once the page has loaded and had its first contentful paint (a short page can fire
// `load` before it paints), never in the way of that paint.
for (const route of ['/', '/contact', '/faq']) {
  test(`${route}: the deferred stylesheet is asked for after the first paint`, async ({ page }) => {
    await page.goto(route);
    const stylesheet = await page.waitForFunction(() => {
      const entry = performance
        .getEntriesByType('resource')
        .find((resource) => new URL(resource.name).pathname.endsWith('.css'));
      return entry && entry.startTime;
    });
    const paint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    );
    expect(paint, 'the page had its first contentful paint').toBeGreaterThan(0);
    expect(await stylesheet.jsonValue()).toBeGreaterThanOrEqual(paint!);
  });
}
