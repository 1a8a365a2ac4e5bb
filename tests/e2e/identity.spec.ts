import { expect, test, type Page } from '@playwright/test';
import { animationsSettled } from './helpers';

/** Pages whose hero text is set in the display face, with different hero lengths and artwork. */
const PAGES = [
  '/',
  '/nos-realisations/cabinet-medical',
  '/tarifs-creation-site-automatisation',
  '/contact',
];

/**
 * Loads a page with the display font held back until the h1 has painted in the fallback face (the
 * worst case on a slow network), lets it through, waits until the face has loaded, the page's
 * stylesheet is enabled, its entrance animations have ended and two more frames are painted, and
 * returns the layout shifts of the frames after the h1's first paint. Every step waits for a state,
 * not for time.
 */
async function shiftsWithLateFont(page: Page, route: string) {
  await page.addInitScript(() => {
    const shifts: { at: number; value: number }[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) shifts.push({ at: entry.startTime, value: entry.value });
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    // Every shift so far, those the observer has not reported yet included.
    Object.assign(window, { __takeShifts: () => (record(observer.takeRecords()), shifts) });
    // Marks the h1 for Element Timing as soon as it is parsed, and records when it paints.
    new MutationObserver((_, watcher) => {
      const heading = document.querySelector('h1');
      if (!heading) return;
      heading.setAttribute('elementtiming', 'h1');
      watcher.disconnect();
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      const h1 = list
        .getEntries()
        .find((entry) => (entry as PerformanceEntry & { identifier: string }).identifier === 'h1');
      if (h1)
        Object.assign(window, {
          __h1PaintedAt: h1.startTime,
          __paintedFace: [...document.fonts].find((face) => face.display === 'optional'),
        });
    }).observe({ type: 'element', buffered: true });
  });
  let release!: () => void;
  const painted = new Promise<void>((resolve) => (release = resolve));
  let fontRequests = 0;
  await page.route('**/_astro/fonts/*.woff2', async (route) => {
    fontRequests += 1;
    await painted;
    await route.continue();
  });
  await page.goto(route, { waitUntil: 'commit' });
  // The h1 has painted (Element Timing reports text once it is drawn, not while a font blocks it):
  // it is shown in the fallback face, so the font now comes late by any clock.
  await page.waitForFunction(
    () => (window as unknown as { __h1PaintedAt?: number }).__h1PaintedAt !== undefined,
  );
  release();
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (face) =>
            face.family.replace(/"/g, '').startsWith('Bricolage') && face.status === 'loaded',
        ),
      ),
    )
    .toBe(true);
  expect(fontRequests, 'the display font was requested').toBeGreaterThan(0);
  // Then whatever styles the heading again once the page is up: the deferred stylesheet enabled
  // after `load` and the first paint, and the end of the hero's entrance animation (a late font may
  // be taken up by either).
  await page.waitForFunction(() => !document.querySelector('link[rel="stylesheet"][disabled]'));
  await animationsSettled(page);
  // The font is let through only once the h1 has painted: a shift of that frame or an earlier one
  // comes from the parser adding the band (on a busy machine Chromium may paint its first line
  // alone), not from the font, so only the later frames count.
  const shifts = await page.evaluate(async () => {
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
    const { __takeShifts: takeShifts, __h1PaintedAt: h1PaintedAt } = window as unknown as {
      __takeShifts: () => { at: number; value: number }[];
      __h1PaintedAt: number;
    };
    return takeShifts()
      .filter((shift) => shift.at > h1PaintedAt)
      .map((shift) => shift.value);
  });
  // A face Chromium rebuilds after the first paint (when the enabled stylesheet is not the head's
  // last) takes the late font and swaps it in at the heading's next layout, whenever that is.
  const samePaintedFace = await page.evaluate(() => {
    const { __paintedFace: painted } = window as unknown as { __paintedFace?: FontFace };
    return painted !== undefined && [...document.fonts].includes(painted);
  });
  expect(samePaintedFace, 'the display face the heading painted with is still the page’s').toBe(
    true,
  );
  return shifts;
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

test.describe('display font', () => {
  // No page preloads it (docs/decisions/look.md#display-font-bricolage-grotesque-font-display-optional): the face is fetched when a heading needs it,
  // from the very file the headings' @font-face names, once.
  for (const route of ['/', '/contact', '/tarifs-creation-site-automatisation']) {
    test(`${route} preloads no font; its headings' face is one file, downloaded once`, async ({
      page,
    }) => {
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/_astro/fonts/')) fonts.push(new URL(request.url()).pathname);
      });
      await page.goto(route);
      await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
      const faces = await page.evaluate(() =>
        [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
          .map((rule) => ({
            family: rule.style.getPropertyValue('font-family'),
            src: rule.style.getPropertyValue('src'),
          }))
          // Astro names the face "Bricolage Grotesque-<hash>"; its fallback adds " fallback: …".
          .filter(({ family }) => /^"?Bricolage Grotesque-[\w]+"?$/.test(family)),
      );
      expect(faces).toHaveLength(1);
      await expect
        .poll(() =>
          page.evaluate((family) => document.fonts.check(`700 40px ${family}`), faces[0].family),
        )
        .toBe(true);
      expect(fonts, 'one font file, downloaded once').toHaveLength(1);
      expect(faces[0].src).toContain(fonts[0]);
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
