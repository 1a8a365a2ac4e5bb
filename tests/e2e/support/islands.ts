/** The site's islands as the end-to-end specs wait for them. */
import { expect, type Page } from '@playwright/test';

/** Waits until every island on the page has hydrated (Astro removes `ssr` from the island). */
export async function hydrated(page: Page) {
  for (const island of await page.locator('astro-island').all()) {
    await island.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: 'center' }));
    await expect(island).not.toHaveAttribute('ssr');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
