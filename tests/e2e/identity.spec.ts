import { expect, test, type Page } from '@playwright/test';
import { animationsSettled } from './helpers';

/** Pages whose hero text is set in the display face, with different hero lengths and artwork. */
const PAGES = [
  '/',
  '/nos-realisations/cabinet-medical',
  '/tarifs-creation-site-automatisation',
  '/contact',
];

/** The address of the display face's file, as the page's head script names it. */
async function faceFile(page: Page, route: string): Promise<string> {
  const html = await (await page.request.get(route)).text();
  const file = html.match(/\/_astro\/fonts\/[\w-]+\.woff2/)?.[0];
  if (!file) throw new Error(`${route}: no display face file named in the page`);
  return file;
}

/**
 * From the next navigation of `page` on: records its layout shifts and, when its h1 first paints
 * (Element Timing reports text once it is drawn, not while a font blocks it), the time and the
 * display face the document then had.
 */
async function watchFirstPaint(page: Page) {
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
}

/**
 * Once the page is up (its stylesheet enabled, its entrance animations ended, two more frames
 * painted): the layout shifts of the frames after the h1's first paint, having checked that the
 * display face the h1 painted with is still the page's. Every step waits for a state, not for time.
 */
async function shiftsAfterFirstPaint(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { __h1PaintedAt?: number }).__h1PaintedAt !== undefined,
  );
  // Whatever styles the heading again once the page is up: the deferred stylesheet enabled after
  // `load` and the first paint, and the end of the hero's entrance animation (a late font may be
  // taken up by either).
  await page.waitForFunction(() => !document.querySelector('link[rel="stylesheet"][disabled]'));
  await animationsSettled(page);
  // A shift of the h1's first frame or an earlier one comes from the parser adding the band (on a
  // busy machine Chromium may paint its first line alone), not from the font: only later ones count.
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
  // last) takes a late font and swaps it in at the heading's next layout, whenever that is.
  const samePaintedFace = await page.evaluate(() => {
    const { __paintedFace: painted } = window as unknown as { __paintedFace?: FontFace };
    return painted !== undefined && [...document.fonts].includes(painted);
  });
  expect(samePaintedFace, 'the display face the heading painted with is still the page’s').toBe(
    true,
  );
  return shifts;
}

/**
 * Loads `route` as a later view whose face file is no longer in the browser's cache (an earlier
 * view fetched it, so the headings ask for the face), with the file held back until the h1 has
 * painted in the fallback face (the worst case on a slow network), then let through; returns the
 * layout shifts after the h1's first paint.
 */
async function shiftsWithLateFont(page: Page, route: string) {
  await page.addInitScript((file) => (localStorage.face = file), await faceFile(page, route));
  await watchFirstPaint(page);
  let release!: () => void;
  const painted = new Promise<void>((resolve) => (release = resolve));
  let fontRequests = 0;
  await page.route('**/_astro/fonts/*.woff2', async (route) => {
    fontRequests += 1;
    await painted;
    await route.continue();
  });
  await page.goto(route, { waitUntil: 'commit' });
  // The h1 has painted in the fallback face: the font now comes late by any clock.
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
  return shiftsAfterFirstPaint(page);
}

for (const width of [375, 1280]) {
  test.describe(`display font at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    for (const route of PAGES) {
      test(`a late face never moves ${route} once painted`, async ({ page }) => {
        const shifts = await shiftsWithLateFont(page, route);
        const h1Font = await page.locator('h1').evaluate((el) => getComputedStyle(el).fontFamily);
        expect(h1Font).toMatch(/^"Bricolage Grotesque/);
        expect(shifts, 'layout-shift entries').toEqual([]);
      });
    }
  });
}

test.describe('display font', () => {
  // Shown once cached, fetched after the first view's load, preloaded on no page
  // (docs/decisions/look.md#display-font-shown-once-cached-fetched-after-the-first-view).
  for (const route of ['/', '/contact', '/tarifs-creation-site-automatisation']) {
    test(`${route} as a first view: the system face, the face's file only after load`, async ({
      page,
    }) => {
      await page.goto(route);
      await expect(page.locator('link[rel="preload"][as="font"]')).toHaveCount(0);
      expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
        /^system-ui/,
      );
      // After load, the one file the headings' @font-face names, for the next page.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('face'))).not.toBeNull();
      const { fonts, loadStart, src } = await page.evaluate(() => ({
        fonts: performance
          .getEntriesByType('resource')
          .filter((entry) => entry.name.includes('/_astro/fonts/'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
        loadStart: performance.getEntriesByType('navigation')[0].toJSON().loadEventStart as number,
        src: [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules])
          .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
          .map((rule) => rule.style.getPropertyValue('src'))
          .filter((value) => value.includes('/_astro/fonts/')),
      }));
      expect(src).toHaveLength(1);
      expect(
        fonts.map((font) => font.path),
        'one font file, downloaded once',
      ).toEqual([await faceFile(page, route)]);
      expect(src[0]).toContain(fonts[0].path);
      expect(fonts[0].start, 'requested after load').toBeGreaterThanOrEqual(loadStart);
      expect(await page.locator('html').getAttribute('data-face')).toBeNull();
    });
  }

  test('the next view has the face on before its first paint, and keeps it', async ({ page }) => {
    await page.goto('/faq', { waitUntil: 'load' });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('face'))).not.toBeNull();
    // Whether <html> carries the face when the body starts: before anything can be painted.
    await page.addInitScript(() => {
      new MutationObserver((_, watcher) => {
        if (!document.body) return;
        Object.assign(window, { __faceAtBody: document.documentElement.hasAttribute('data-face') });
        watcher.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await watchFirstPaint(page);
    await page.goto('/');
    const shifts = await shiftsAfterFirstPaint(page);
    expect(await page.evaluate(() => (window as { __faceAtBody?: boolean }).__faceAtBody)).toBe(
      true,
    );
    expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
      /^"Bricolage Grotesque/,
    );
    expect(shifts, 'layout-shift entries').toEqual([]);
  });
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
