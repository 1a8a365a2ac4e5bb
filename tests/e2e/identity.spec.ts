import { expect, test, type Page } from '@playwright/test';

/** Pages whose hero text is set in the display face, with different hero lengths and artwork. */
const PAGES = [
  '/',
  '/nos-realisations/cabinet-medical',
  '/tarifs-creation-site-automatisation',
  '/contact',
];

/**
 * Loads a page with the display font held back until after the first paint (the worst case on a
 * slow network), and returns the layout shifts recorded until the font has swapped in.
 */
async function shiftsWithLateFont(page: Page, route: string) {
  await page.addInitScript(() => {
    (window as unknown as { __shifts: number[] }).__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput)
          (window as unknown as { __shifts: number[] }).__shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  let fontRequests = 0;
  await page.route('**/_astro/fonts/*.woff2', async (route) => {
    fontRequests += 1;
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await page.goto(route);
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.fonts].some(
            (face) => face.family.startsWith('"Bricolage') && face.status === 'loaded',
          ) ||
          [...document.fonts].some(
            (face) => face.family.startsWith('Bricolage') && face.status === 'loaded',
          ),
      ),
    )
    .toBe(true);
  await page.waitForTimeout(300);
  expect(fontRequests, 'the display font was requested').toBeGreaterThan(0);
  return page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
}

for (const width of [375, 1280]) {
  test.describe(`display font at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const route of PAGES) {
      test(`swaps in without any layout shift on ${route}`, async ({ page }) => {
        const shifts = await shiftsWithLateFont(page, route);
        const h1Font = await page.locator('h1').evaluate((el) => getComputedStyle(el).fontFamily);
        expect(h1Font).toMatch(/^"Bricolage Grotesque/);
        expect(shifts, 'layout-shift entries').toEqual([]);
      });
    }
  });
}

test.describe('largest contentful paint', () => {
  for (const [route, preloaded] of [
    ['/', true],
    ['/contact', false],
    ['/tarifs-creation-site-automatisation', false],
  ] as const) {
    test(`${route} preloads the display font only if its LCP is set in it`, async ({ page }) => {
      await page.addInitScript(() => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
          (window as unknown as { __lcp?: Element }).__lcp = last.element;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(route);
      await page.waitForTimeout(500);
      const lcpFont = await page.evaluate(() => {
        const element = (window as unknown as { __lcp?: Element }).__lcp;
        return element ? getComputedStyle(element).fontFamily : '';
      });
      expect(lcpFont.startsWith('"Bricolage Grotesque')).toBe(preloaded);
      const preload = page.locator('link[rel="preload"][as="font"]');
      await expect(preload).toHaveCount(preloaded ? 1 : 0);
    });
  }
});

test.describe('varied sections at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a bento card grid alternates wide and narrow cards, one column on a phone', async ({
    page,
  }) => {
    await page.goto('/a-propos');
    const cards = page
      .getByRole('heading', { name: 'Quatre valeurs qui guident chaque projet' })
      .locator('xpath=ancestor::section[1]')
      .locator('ul.grid > li');
    await expect(cards).toHaveCount(4);
    const widths = await cards.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().width)),
    );
    // 2 + 1, then 1 + 2 of three columns (gaps included in the wide cards).
    expect(widths[0]).toBeGreaterThan(widths[1] * 1.8);
    expect(widths[3]).toBeGreaterThan(widths[2] * 1.8);
    expect(Math.abs(widths[1] - widths[2])).toBeLessThanOrEqual(1);
    await page.setViewportSize({ width: 375, height: 800 });
    const narrow = await cards.evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().width)),
    );
    expect(new Set(narrow).size).toBe(1);
  });
});
