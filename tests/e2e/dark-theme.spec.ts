import { expect, test, type Browser } from '@playwright/test';

// The dark theme follows the visitor's system with CSS alone (src/styles/tokens.css): the tokens are
// `light-dark()` pairs, the dark-filled bands keep their light-theme colours. Axe and the checks
// beyond axe run in the dark theme too (the `dark` project in playwright.config.ts).
const ROUTES = ['/', '/contact', '/nos-realisations', '/blog', '/blog/seo-local-marseille'];

/** The colours of the page's body and of its first band, in a fresh context of the given scheme. */
async function colours(browser: Browser, colorScheme: 'light' | 'dark', route: string) {
  const context = await browser.newContext({ colorScheme });
  const page = await context.newPage();
  await page.goto(route);
  const found = await page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const band = document.querySelector('.hero-band');
    return {
      background: body.backgroundColor,
      text: body.color,
      band: band ? getComputedStyle(band).backgroundColor : null,
    };
  });
  await context.close();
  return found;
}

/** WCAG relative luminance of a computed `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map((value) => {
    const channel = Number(value) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

test('a dark system theme darkens the page and its text lightens; the hero band stays', async ({
  browser,
}) => {
  const light = await colours(browser, 'light', '/');
  const dark = await colours(browser, 'dark', '/');
  expect(light.background).toBe('rgb(255, 255, 255)');
  expect(luminance(dark.background)).toBeLessThan(0.02);
  expect(luminance(dark.text)).toBeGreaterThan(0.6);
  expect(dark.band).not.toBeNull();
  expect(dark.band).toBe(light.band);
});

test.describe('the first paint is already in the dark theme', () => {
  test.use({ colorScheme: 'dark', javaScriptEnabled: false });

  for (const route of ROUTES) {
    test(`${route}: the inline CSS alone gives every element its final colours`, async ({
      page,
    }) => {
      const paint = async (stylesheet: boolean) => {
        await page.unrouteAll();
        if (!stylesheet) await page.route('**/_astro/*.css', (request) => request.abort());
        await page.goto(route, { waitUntil: 'load' });
        return page.evaluate(() =>
          [...document.body.querySelectorAll('*')].map((element) => {
            const style = getComputedStyle(element);
            const colours = ['color', 'background-color', 'border-top-color', 'fill'].map(
              (property) => style.getPropertyValue(property),
            );
            return `${element.tagName.toLowerCase()} ${colours.join(' / ')}`;
          }),
        );
      };
      const inlineOnly = await paint(false);
      const whole = await paint(true);
      expect(whole.length).toBe(inlineOnly.length);
      const changed = whole
        .map((colours, index) => ({ firstPaint: inlineOnly[index], withStylesheet: colours }))
        .filter(({ firstPaint, withStylesheet }) => firstPaint !== withStylesheet);
      expect(changed.slice(0, 5), `${changed.length} elements change colour`).toEqual([]);
    });
  }
});
