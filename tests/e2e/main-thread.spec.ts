import { expect, test, type Locator, type Page } from '@playwright/test';
import { keyRoutes, summarize } from '../../bench/lib/main-thread.mjs';
import { sitemapRoutes } from './helpers';

// The page shell's work during a load, counted, not timed: how many elements the browser styles.
// A count depends on the page and its CSS, not on the machine, so it guards what a timing would
// only suggest (Lighthouse stays a benchmark, bench/README.md). Each element is styled once as
// it is parsed; what comes after must restyle next to nothing: the inline script reads no layout
// and hides only what is off screen (src/lib/page-scripts/layout.ts), and the deferred stylesheet
// brings only the rules the page lacks (src/integrations/page-css.ts).

// No entrance animation: an animation restyles its element at every frame it runs, as many frames
// as the machine draws.
test.use({ viewport: { width: 412, height: 823 }, colorScheme: 'light', reducedMotion: 'reduce' });

/** Elements of the page, and the stylesheet link the inline script enables once it has loaded. */
async function deferredStylesheetApplied(page: Page) {
  await page.waitForFunction(() => {
    const link = document.querySelector<HTMLLinkElement>('head link[rel="stylesheet"]');
    return !link || (!link.disabled && link.sheet !== null);
  });
  return page.evaluate(() => document.getElementsByTagName('*').length);
}

/** Runs `action` with the page's main thread traced; what the trace counts (summarize). */
async function traced(page: Page, action: () => Promise<unknown>) {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline'] });
  await action();
  return summarize(JSON.parse((await browser.stopTracing()).toString()).traceEvents);
}

for (const route of keyRoutes(sitemapRoutes())) {
  test(`${route}: a load styles each element about once`, async ({ page }) => {
    let elements = 0;
    const work = await traced(page, async () => {
      await page.goto(route);
      elements = await deferredStylesheetApplied(page);
    });
    // Parsing in chunks restyles a few elements twice (a `:last-child` that is no longer last).
    expect(work.restyled, `${work.restyled} elements styled, ${elements} in the page`).toBeLessThan(
      elements * 1.2,
    );
  });

  test(`${route}: enabling the deferred stylesheet restyles next to nothing`, async ({ page }) => {
    await page.goto(route);
    const elements = await deferredStylesheetApplied(page);
    const toggle = (disabled: boolean) =>
      page.evaluate((disabled) => {
        const link = document.querySelector<HTMLLinkElement>('head link[rel="stylesheet"]');
        if (link) link.disabled = disabled;
        return document.body.offsetHeight; // styles and lays out now, inside the trace
      }, disabled);
    await toggle(true);
    const work = await traced(page, () => toggle(false));
    expect(work.restyled, `${work.restyled} of ${elements} elements restyled`).toBeLessThanOrEqual(
      Math.ceil(elements * 0.05),
    );
  });
}

/** Whether Chromium draws `element`: false while `content-visibility: auto` skips it. */
const drawn = (element: Locator) =>
  element.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));

// A project card is drawn only near the viewport (`.render-near`, src/styles/global.css): its
// preview and tool logos, SVG documents of their own fetched lazily, cost a load nothing until the
// visitor comes near.
for (const route of ['/nos-realisations', '/portfolio-projets-web-ia']) {
  test(`${route}: the project cards far below the screen are not drawn during a load`, async ({
    page,
  }) => {
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(new URL(request.url()).pathname);
    });
    await page.goto(route);
    await deferredStylesheetApplied(page);
    const cards = page.locator('main li.render-near');
    await expect(cards.first()).toBeVisible();
    const preview = cards.last().locator('img').first();
    expect(await drawn(preview), 'the last card is skipped').toBe(false);
    expect(images, 'its preview is not fetched').not.toContain(await preview.getAttribute('src'));
    // Once the visitor comes near, it is drawn.
    await preview.scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(preview)).toBe(true);
  });
}

// An address naming a part of the page is aimed at with every card's real height: a card not drawn
// counts a stand-in height, and a smooth scroll through it would stop short or long.
test('with an address naming a part of the page, every project card is drawn', async ({ page }) => {
  await page.goto('/nos-realisations#contenu');
  const preview = page.locator('main li.render-near').last().locator('img').first();
  await expect.poll(() => drawn(preview)).toBe(true);
});
