import { expect, test } from '@playwright/test';
import { expectNoErrors, sitemapRoutes } from './helpers';

// Every page of the sitemap, as a visitor on a phone gets it, in one load: at 375 px, loaded and left
// alone (no scroll, no tap, no focus), it requests no external script (a visitor on a phone
// downloads none until they interact); narrowed to 320 px, it scrolls no wider; and nothing reports
// an error meanwhile.
test.use({ viewport: { width: 375, height: 667 }, hasTouch: true });

for (const route of sitemapRoutes()) {
  test(`${route}: no error, no script before interaction, no scroll at 320 px`, async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await expectNoErrors(page, async () => {
      const response = await page.goto(route, { waitUntil: 'load' });
      expect(response?.status(), `${route}: HTTP status`).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      // Long enough for an idle-time (client:idle) island to have started.
      await page.waitForTimeout(500);
      expect(scripts, `${route}: scripts requested before interaction at 375 px`).toEqual([]);
      await page.setViewportSize({ width: 320, height: 720 });
      await page.waitForLoadState('networkidle');
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) {
      const culprits = await page.evaluate(() =>
        [...document.querySelectorAll<Element>('body *')]
          .filter(
            (el) => !el.parentElement?.closest('svg') && el.getBoundingClientRect().right > 321,
          )
          .filter(
            (el) => ![...el.children].some((child) => child.getBoundingClientRect().right > 321),
          )
          .slice(0, 5)
          .map(
            (el) =>
              `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> "${el.textContent?.trim().slice(0, 30)}"`,
          ),
      );
      expect(
        width,
        `${route}: wider than 320 px because of ${culprits.join(', ')}`,
      ).toBeLessThanOrEqual(320);
    }
  });
}
