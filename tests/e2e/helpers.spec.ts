import { expect, test } from '@playwright/test';
import { expectNoErrors } from './helpers';

// The no-error helper itself: deterministic about requests a navigation aborts, strict about the rest.
test.describe('expectNoErrors', () => {
  test('ignores a request aborted because a link click left the page', async ({ page }) => {
    await page.route('**/pending-forever', () => {});
    await expectNoErrors(page, async () => {
      await page.goto('/blog');
      await page.evaluate(() => void fetch('/pending-forever').catch(() => {}));
      await page
        .getByRole('link', { name: /^Lire la suite/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/blog\/.+/);
      await page.waitForLoadState('load');
    });
  });

  test('still fails on a request aborted while the page stays', async ({ page }) => {
    await page.route('**/aborted-here', (route) => route.abort('aborted'));
    await expect(
      expectNoErrors(page, async () => {
        await page.goto('/blog');
        await page.evaluate(() => fetch('/aborted-here').catch(() => {}));
      }),
    ).rejects.toThrow(/aborted-here net::ERR_ABORTED/);
  });

  test('still fails on a network failure', async ({ page }) => {
    await page.route('**/refused', (route) => route.abort('connectionrefused'));
    await expect(
      expectNoErrors(page, async () => {
        await page.goto('/blog');
        await page.evaluate(() => fetch('/refused').catch(() => {}));
      }),
    ).rejects.toThrow(/refused net::ERR_CONNECTION_REFUSED/);
  });
});
