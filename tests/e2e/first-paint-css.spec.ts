import { expect, test, type Page } from '@playwright/test';
import { sitemapRoutes } from './helpers';

// A page paints first with the CSS inlined in it (src/integrations/page-css.ts: Beasties keeps the
// rules whose selectors match the page); the whole stylesheet, enabled once the page has loaded and
// painted, must then move nothing. A rule Beasties cannot match (it drops a `:where(…)` selector,
// the kind Tailwind's `space-y-*` and `divide-y` produce, which is why the templates use `gap` and
// borders on the items instead) would only arrive with the stylesheet and shift the page after its
// first paint. Compared without JavaScript, where the stylesheet's other rules (the states that
// scripts create) apply to nothing; with the fonts held back, so that both loads set text in the
// fallback face; and with the animations cancelled, since their transforms move boxes;
// and with every card drawn.
test.use({ javaScriptEnabled: false });

/** Every element of the body: tag, box and border widths, once the page has loaded. */
async function layout(page: Page, route: string, stylesheet: boolean) {
  await page.unrouteAll();
  await page.route('**/*.woff2', (request) => request.abort());
  if (!stylesheet) await page.route('**/_astro/*.css', (request) => request.abort());
  await page.goto(route, { waitUntil: 'load' });
  return page.evaluate(() => {
    for (const animation of document.getAnimations()) animation.cancel();
    // A card drawn only near the viewport (`.render-near`, src/styles/global.css) counts a
    // stand-in height until Chromium gets to it, which at `load` is timing: both loads draw it.
    for (const card of document.querySelectorAll<HTMLElement>('.render-near'))
      card.style.contentVisibility = 'visible';
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
  test(`${route} lays out the same with its inline CSS alone as with all of it`, async ({
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

/**
 * Every element's computed style (and its placeholder's, and its generated content's), once the
 * page's deferred stylesheet is in (or, given `whole`, the whole stylesheets in its place) and its
 * animations are cancelled: a short hash per element, and the declarations themselves for the
 * elements `detail` names (what a failure shows).
 */
async function computedStyles(
  page: Page,
  route: string,
  whole: string[] = [],
  detail: number[] = [],
) {
  // The display face held back in both loads: whether it arrives in time to be used is timing.
  await page.unrouteAll();
  await page.route('**/*.woff2', (request) => request.abort());
  await page.goto(route, { waitUntil: 'load' });
  await page.waitForFunction(() => {
    const link = document.querySelector<HTMLLinkElement>('head link[rel="stylesheet"]');
    return !link || (!link.disabled && link.sheet !== null);
  });
  return page.evaluate(
    async ({ whole, detail }) => {
      if (whole.length) {
        // The deferred link gives way to the whole stylesheets, in their order.
        document.querySelector('head link[rel="stylesheet"]')?.remove();
        await Promise.all(
          whole.map((href) => {
            const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
            document.head.append(link);
            return new Promise((done) => link.addEventListener('load', done, { once: true }));
          }),
        );
      }
      for (const animation of document.getAnimations()) animation.cancel();
      // The reveal's observer hides what is off screen once it first reports, which on a loaded
      // machine can fall between the two reads: both read every element in its hidden state.
      for (const element of document.querySelectorAll('[data-reveal]')) {
        element.classList.remove('is-revealed');
        element.classList.add('reveal-pending');
      }
      // Custom properties left out: the inline CSS drops those nothing reads (page-css.ts), and
      // the properties that read the others show their values.
      const styleOf = (element: Element, pseudo = '') => {
        const style = getComputedStyle(element, pseudo || undefined);
        if (pseudo && pseudo !== '::placeholder' && style.content === 'none') return [];
        return Array.from(style)
          .filter((name) => !name.startsWith('--'))
          .map((name) => `${pseudo}${name}: ${style.getPropertyValue(name)}`);
      };
      const hash = (text: string) => {
        let h = 0x811c9dc5; // FNV-1a, 32 bits
        for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
        return h >>> 0;
      };
      return [...document.querySelectorAll('html, body *')].map((element, index) => {
        const pseudos = ['::before', '::after'];
        if (element.hasAttribute('placeholder')) pseudos.push('::placeholder');
        const style = [
          ...styleOf(element),
          ...pseudos.flatMap((pseudo) => styleOf(element, pseudo)),
        ];
        return {
          element: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`,
          hash: hash(style.join(';')),
          style: detail.includes(index) ? style : [],
        };
      });
    },
    { whole, detail },
  );
}

// The deferred stylesheet brings only the rules the page's inline CSS lacks (page-css.ts,
// `missingRules`); once it is in, every element must be styled as the whole stylesheet styles it:
// no rule missing, none applied in another order.
test.describe('with JavaScript', () => {
  test.use({ javaScriptEnabled: true, reducedMotion: 'reduce' });
  for (const route of sitemapRoutes()) {
    test(`${route}: its deferred rules style it as the whole stylesheet does`, async ({ page }) => {
      test.slow(); // every property of every element, twice
      await page.setViewportSize({ width: 375, height: 800 });
      const deferred = await computedStyles(page, route);
      // The whole stylesheets: those the page links for browsers without JavaScript.
      const noscripts = await page.locator('head noscript').allTextContents();
      const whole = noscripts.flatMap((text) => /href="([^"]+)"/.exec(text)?.[1] ?? []);
      expect(
        whole.length,
        'the whole stylesheets, linked for browsers without JavaScript',
      ).toBeGreaterThan(0);
      const original = await computedStyles(page, route, whole);
      expect(deferred.length).toBe(original.length);
      const differing = deferred.flatMap(({ hash }, index) =>
        hash === original[index].hash ? [] : [index],
      );
      if (differing.length === 0) return;
      // Which declarations differ, for the first few elements.
      const shown = differing.slice(0, 5);
      const [mine, theirs] = [
        await computedStyles(page, route, [], shown),
        await computedStyles(page, route, whole, shown),
      ];
      const report = shown.map((index) => {
        const whole = new Set(theirs[index].style);
        const changed = mine[index].style.filter((declaration) => !whole.has(declaration));
        return `${mine[index].element}: ${changed.slice(0, 3).join('; ')}`;
      });
      expect(report, `${differing.length} elements styled otherwise`).toEqual([]);
    });
  }
});
