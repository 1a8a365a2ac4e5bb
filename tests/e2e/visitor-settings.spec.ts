// A visitor's own settings on every route, in Chromium: the text spacing of WCAG 1.4.12 and
// forced colours (Windows' contrast themes, Chromium's `forced-colors: active` emulation).
import { expect, test, type Page } from '@playwright/test';
import { sitemapRoutes } from './helpers';
import {
  ALL_DRAWN,
  TEXT_SPACING,
  buttonsWithoutBoundary,
  cutText,
} from './support/visitor-settings';

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/** Opens `route` and waits for what is drawn to be final: its fonts and its deferred stylesheet. */
async function open(page: Page, route: string) {
  await page.goto(route);
  await page.waitForFunction(
    () => document.querySelector('link[rel=stylesheet][disabled]') === null,
  );
  await page.evaluate(() => document.fonts.ready);
  await page.addStyleTag({ content: ALL_DRAWN });
}

for (const width of [375, 1280]) {
  test(`1.4.12: text spacing cuts no text on any route at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 800 });
    const faults: string[] = [];
    for (const route of sitemapRoutes()) {
      await open(page, route);
      await page.addStyleTag({ content: TEXT_SPACING });
      faults.push(...(await page.evaluate(cutText)).map((fault) => `${route}: ${fault}`));
    }
    expect(faults).toEqual([]);
  });
}

for (const width of [375, 1280]) {
  test(`forced colours: every button on every route keeps a boundary at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 800 });
    const faults: string[] = [];
    for (const route of sitemapRoutes()) {
      await open(page, route);
      faults.push(...(await page.evaluate(buttonsWithoutBoundary)).map((f) => `${route}: ${f}`));
    }
    expect(faults).toEqual([]);
  });
}
