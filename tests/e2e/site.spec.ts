import { expect, test } from '@playwright/test';
import { expectNoErrors, sitemapRoutes } from './helpers';

// Every page of the sitemap, as a visitor on a 320 px phone sees it: no error, no horizontal scroll.
test.use({ viewport: { width: 320, height: 720 } });

for (const route of sitemapRoutes()) {
  test(`${route} renders with no error and no horizontal scroll at 320 px`, async ({ page }) => {
    await expectNoErrors(page, async () => {
      const response = await page.goto(route, { waitUntil: 'load' });
      expect(response?.status(), `${route}: HTTP status`).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
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
