// Text at 200 % (WCAG 1.4.4) in Firefox, the way its visitor sets it: the font-size preference at
// twice 16 px (Settings → Fonts → Size), driven by puppeteer-core (tests/e2e/support/engines.ts).
// The same checks as text-size.spec.ts (Chromium), on every route at 375, 768 and 1280 px.
import { expect, test } from '@playwright/test';
import { sitemapRoutes } from './helpers';
import { openVisitor, waitFor } from './support/engines';
import {
  ALL_DRAWN,
  DOUBLE_TEXT_PX,
  cutText,
  headerOverlaps,
  labelsOutOfButtons,
  sidewaysScroll,
} from './support/visitor-settings';

/** Draws every card as it is once scrolled near (ALL_DRAWN), as a style of the page. */
function drawAll(css: string) {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
}

for (const width of [375, 768, 1280]) {
  test(`1.4.4: with Firefox's text at 200 %, every route holds at ${width} px`, async () => {
    test.setTimeout(300_000);
    const visitor = await openVisitor({
      engine: 'firefox',
      textPx: DOUBLE_TEXT_PX,
      width,
      height: 800,
    });
    const faults: string[] = [];
    try {
      for (const route of sitemapRoutes()) {
        await visitor.goto(new URL(route, test.info().project.use.baseURL).href);
        await waitFor(
          visitor,
          'the deferred stylesheet',
          () => document.querySelector('link[rel=stylesheet][disabled]') === null,
        );
        await visitor.evaluate(() => document.fonts.ready.then(() => true));
        await visitor.evaluate(drawAll, ALL_DRAWN);
        // The preference reached the page: its root text is the visitor's size.
        expect(
          await visitor.evaluate(() => getComputedStyle(document.documentElement).fontSize),
        ).toBe(`${DOUBLE_TEXT_PX}px`);
        for (const check of [headerOverlaps, labelsOutOfButtons, cutText, sidewaysScroll])
          faults.push(...(await visitor.evaluate(check)).map((fault) => `${route}: ${fault}`));
      }
    } finally {
      await visitor.close();
    }
    expect(faults).toEqual([]);
  });
}
