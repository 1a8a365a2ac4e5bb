import { expect, test, type Page } from '@playwright/test';
import { sitemapRoutes } from './helpers';

// A page paints first with the CSS inlined in it (src/integrations/page-css.ts: Beasties keeps the
// rules whose selectors match the page); the whole stylesheet, enabled once the page has loaded and
// painted, must then move nothing. A rule Beasties cannot match (it drops a `:where(…)` selector,
// the kind Tailwind's `space-y-*` and `divide-y` produce, which is why the templates use `gap` and
// borders on the items instead) would only arrive with the stylesheet and shift the page after its
// first paint. Compared without JavaScript, where the stylesheet's other rules (the states that
// scripts create) apply to nothing; with the fonts held back, so that both loads set text in the
// fallback face; and with the animations cancelled, since their transforms move boxes.
test.use({ javaScriptEnabled: false });

/** Every element of the body: tag, box and border widths, once the page has loaded. */
async function layout(page: Page, route: string, stylesheet: boolean) {
  await page.unrouteAll();
  await page.route('**/*.woff2', (request) => request.abort());
  if (!stylesheet) await page.route('**/_astro/*.css', (request) => request.abort());
  await page.goto(route, { waitUntil: 'load' });
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) animation.cancel();
    return [...document.body.querySelectorAll('*')].map((element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const borders = ['top', 'right', 'bottom', 'left'].map((side) =>
        style.getPropertyValue(`border-${side}-width`),
      );
      return [
        element.tagName.toLowerCase(),
        ...[box.x, box.y, box.width, box.height].map((value) => value.toFixed(1)),
        borders.join('/'),
      ].join(' ');
    });
  });
}

for (const route of sitemapRoutes()) {
  test(`${route} lays out the same with its inline CSS alone as with the whole stylesheet, at 375 and 1280 px`, async ({
    page,
  }) => {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const inlineOnly = await layout(page, route, false);
      const whole = await layout(page, route, true);
      expect(whole.length, `elements at ${width} px`).toBe(inlineOnly.length);
      const moved = whole
        .map((box, index) => ({ firstPaint: inlineOnly[index], withStylesheet: box }))
        .filter(({ firstPaint, withStylesheet }) => firstPaint !== withStylesheet);
      expect(moved.slice(0, 5), `${moved.length} elements moved at ${width} px`).toEqual([]);
    }
  });
}

/** The focus ring (style, width, colour) of the first keyboard stops, once the page has loaded. */
async function focusRings(page: Page, route: string, stylesheet: boolean) {
  await page.unrouteAll();
  if (!stylesheet) await page.route('**/_astro/*.css', (request) => request.abort());
  await page.goto(route, { waitUntil: 'load' });
  const rings: string[] = [];
  for (let tab = 0; tab < 12; tab++) {
    await page.keyboard.press('Tab');
    // A link's colours, its ring's included, change with a transition: read the ring once the
    // finite animations have run (polled: without JavaScript, the page runs no frame callback that
    // `animationsSettled` of ./helpers could wait on; one that fills forwards stays listed, finished).
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter(
                (animation) =>
                  animation.playState === 'running' &&
                  Number.isFinite(animation.effect?.getComputedTiming().endTime),
              ).length,
        ),
      )
      .toBe(0);
    rings.push(
      await page.evaluate(() => {
        const element = document.activeElement!;
        const style = getComputedStyle(element);
        const name = (element.textContent ?? '').trim().slice(0, 30);
        return `${element.tagName.toLowerCase()} "${name}": ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
      }),
    );
  }
  return rings;
}

// A visitor may press Tab before the whole stylesheet has arrived: the site's ring, in the colour of
// each surface, is in the inline CSS (page-css.ts, `VISITOR_STATES`), not the browser's thin one.
for (const route of ['/', '/contact']) {
  test(`${route}: the focus ring is the site's with the inline CSS alone`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const inlineOnly = await focusRings(page, route, false);
    expect(inlineOnly[0]).toMatch(/^a "Aller au contenu principal": solid 3px /);
    expect(inlineOnly).toEqual(await focusRings(page, route, true));
  });
}
