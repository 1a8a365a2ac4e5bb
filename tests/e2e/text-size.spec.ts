// Text at 200 % (WCAG 1.4.4) the way a visitor sets it, in Chromium: the browser's default font size
// at twice 16 px (its setting, through DevTools' Page.setFontSizes), so that the page's `rem` and its
// media queries in `em` follow it, unlike a style on <html>. The same check runs in Firefox with its
// own font-size preference (text-size.engines.spec.ts).
import { expect, test } from '@playwright/test';
import { sitemapRoutes } from './helpers';
import {
  ALL_DRAWN,
  DOUBLE_TEXT_PX,
  cutText,
  headerOverlaps,
  labelsOutOfButtons,
  sidewaysScroll,
} from './support/visitor-settings';

for (const width of [375, 768, 1280]) {
  test(`1.4.4: at twice the default text size, every route holds at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const devtools = await page.context().newCDPSession(page);
    await devtools.send('Page.setFontSizes', {
      fontSizes: { standard: DOUBLE_TEXT_PX, fixed: DOUBLE_TEXT_PX },
    });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width, height: 800 });
    const faults: string[] = [];
    for (const route of sitemapRoutes()) {
      await page.goto(route);
      await page.waitForFunction(
        () => document.querySelector('link[rel=stylesheet][disabled]') === null,
      );
      await page.evaluate(() => document.fonts.ready);
      await page.addStyleTag({ content: ALL_DRAWN });
      // The setting reached the page: its root text is the visitor's size.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
        `${DOUBLE_TEXT_PX}px`,
      );
      for (const check of [headerOverlaps, labelsOutOfButtons, cutText, sidewaysScroll])
        faults.push(...(await page.evaluate(check)).map((fault) => `${route}: ${fault}`));
    }
    expect(faults).toEqual([]);
  });
}
