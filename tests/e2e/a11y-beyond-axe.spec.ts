import { expect, test, type Page } from '@playwright/test';
import * as fr from '../../src/lib/i18n/fr';
import { animationsSettled, askForBooking, sitemapRoutes } from './helpers';

// WCAG 2.2 AA criteria axe cannot judge, tried as a visitor does: with the
// keyboard, forced colours, reduced motion and the text-spacing override of 1.4.12. The notices and
// the forms' results are tried against the real backend in contact-form.spec.ts.

/** The text-spacing override of WCAG 1.4.12 (the bookmarklet's values). */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

test.beforeEach(async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
});

/**
 * Loads every image of the page now (lazy ones included) and waits until each is decoded or broken,
 * so no ring is judged against content still loading.
 */
async function loadAllImages(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      [...document.images].map((image) => {
        image.loading = 'eager';
        // decode() refuses for a broken image: that is a final state too.
        return image.decode().catch(() => undefined);
      }),
    ),
  );
}

/**
 * Waits until what is on screen is final: the focused element revealed (scroll reveal), the fonts
 * loaded, then two frames painted. A busy machine only makes this take longer.
 */
async function settle(page: Page) {
  await page.waitForFunction(
    () => !document.activeElement?.closest('.reveal-pending:not(.is-revealed)'),
  );
  await page.evaluate(() => document.fonts.ready);
  // The reveal's fade and slide (CSS transitions) must be over: mid-way, the ring sits on a card
  // still moving and half transparent.
  await animationsSettled(page);
}

/** WCAG relative luminance of an sRGB colour (0-255 channels). */
function luminance([r, g, b]: number[]): number {
  const [lr, lg, lb] = [r, g, b].map((value) => {
    const c = value / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG contrast ratio of two colours. */
function contrast(a: number[], b: number[]): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

interface Ring {
  name: string;
  color: number[];
  style: string;
  width: number;
  offset: number;
  box: { x: number; y: number; width: number; height: number };
}

/** The focused element's outline as computed, and its box in the viewport. */
async function focusedRing(page: Page): Promise<Ring | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const label =
      element.getAttribute('aria-label') ||
      (element as HTMLElement).innerText ||
      element.getAttribute('name') ||
      '';
    return {
      name: `${element.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`,
      color: (style.outlineColor.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number),
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      offset: parseFloat(style.outlineOffset),
      box: { x: box.x, y: box.y, width: box.width, height: box.height },
    };
  });
}

/**
 * The colours rendered just outside the focus ring (1-2 px beyond its outer edge, all around), read
 * from a screenshot: gradients, artwork and see-through bars included. The page itself decodes the
 * screenshot (an image bitmap, off the DOM): with a second page open for that, each screenshot of
 * the first one waited 1 to 2 s for a frame, most of the walk's time (docs/decisions/testing.md).
 */
async function colorsAroundRing(page: Page, ring: Ring): Promise<number[][]> {
  const viewport = page.viewportSize()!;
  const reach = ring.offset + ring.width + 2;
  const left = Math.max(0, Math.floor(ring.box.x - reach));
  const top = Math.max(0, Math.floor(ring.box.y - reach));
  const right = Math.min(viewport.width, Math.ceil(ring.box.x + ring.box.width + reach));
  const bottom = Math.min(viewport.height, Math.ceil(ring.box.y + ring.box.height + reach));
  if (right - left < 2 || bottom - top < 2) return [];
  const png = await page.screenshot({
    clip: { x: left, y: top, width: right - left, height: bottom - top },
    animations: 'disabled',
    caret: 'hide',
  });
  const outer = {
    x0: ring.box.x - reach + 0.5 - left,
    y0: ring.box.y - reach + 0.5 - top,
    x1: ring.box.x + ring.box.width + reach - 1.5 - left,
    y1: ring.box.y + ring.box.height + reach - 1.5 - top,
  };
  return page.evaluate(
    async ({ base64, outer }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d')!;
      context.drawImage(bitmap, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
      const samples: number[][] = [];
      const at = (x: number, y: number) => {
        const [px, py] = [Math.round(x), Math.round(y)];
        if (px < 0 || py < 0 || px >= width || py >= height) return;
        const i = (py * width + px) * 4;
        samples.push([data[i], data[i + 1], data[i + 2]]);
      };
      for (let x = outer.x0; x <= outer.x1; x += 2) {
        at(x, outer.y0);
        at(x, outer.y1);
      }
      for (let y = outer.y0; y <= outer.y1; y += 2) {
        at(outer.x0, y);
        at(outer.x1, y);
      }
      return samples;
    },
    { base64: png.toString('base64'), outer },
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

// Tagged: judged in both themes (the `dark` project of playwright.config.ts runs the tagged ones).
test.describe('1.4.11: the focus ring', { tag: '@both-themes' }, () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // Up to 200 keyboard stops, each screenshotted.
  test.describe.configure({ timeout: 360_000 });

  for (const route of ['/', '/contact', '/nos-realisations', '/blog', '/creation-sites-web']) {
    test(`${route}: every keyboard stop shows a ring of 3:1 or more against its ground`, async ({
      page,
    }) => {
      await page.goto(route);
      await loadAllImages(page);
      const seen: string[] = [];
      const failures: string[] = [];
      let stops = 0;
      for (let tab = 0; tab < 200; tab++) {
        await page.keyboard.press('Tab');
        await settle(page);
        const ring = await focusedRing(page);
        if (!ring) break;
        const key = `${ring.name}@${Math.round(ring.box.x)},${Math.round(ring.box.y + (await page.evaluate(() => scrollY)))}`;
        if (seen.includes(key)) break; // back to the start
        seen.push(key);
        stops++;
        if (ring.style === 'none' || ring.width < 2) {
          failures.push(`${ring.name}: no outline`);
          continue;
        }
        const around = await colorsAroundRing(page, ring);
        if (!around.length) continue;
        const ratio = median(around.map((color) => contrast(ring.color, color)));
        if (ratio < 3) failures.push(`${ring.name}: ${ratio.toFixed(2)}:1`);
      }
      expect(stops).toBeGreaterThan(10);
      expect(failures).toEqual([]);
    });
  }
});

test.describe('2.4.11: the small-screen menu', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('closes when Tab leaves it, so the next stop is never hidden under it', async ({ page }) => {
    await page.goto('/contact');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    const menu = page.locator('#menu-mobile');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    const inMenu = () => menu.evaluate((el) => el.contains(document.activeElement));
    for (let tab = 0; tab < 20 && (await menu.isVisible()); tab++) {
      await page.keyboard.press('Tab');
      await settle(page);
      if (await menu.isVisible()) expect(await inMenu()).toBe(true);
    }
    await expect(menu).toBeHidden();
    // The focused element is on screen and nothing covers its centre.
    const covered = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return { name: element.textContent?.trim(), shown: !!top && element.contains(top) };
    });
    expect(covered.shown, `${covered.name} is covered`).toBe(true);
  });
});

test.describe('1.4.10: the small-screen menu at 400 % zoom and on a phone in landscape', () => {
  for (const viewport of [
    { width: 320, height: 256 },
    { width: 568, height: 320 },
  ]) {
    test(`${viewport.width}×${viewport.height}: the menu scrolls, every stop on screen`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Menu', exact: true });
      const menu = page.locator('#menu-mobile');
      await toggle.click();
      await expect(menu).toBeVisible();
      const box = (await menu.boundingBox())!;
      expect(box.y + box.height, 'the menu ends within the screen').toBeLessThanOrEqual(
        viewport.height + 0.5,
      );
      const sizes = await menu.evaluate((el) => ({
        scrollable: el.scrollHeight > el.clientHeight,
        overscroll: getComputedStyle(el).overscrollBehaviorY,
      }));
      expect(sizes).toEqual({ scrollable: true, overscroll: 'contain' });

      // The wheel over the menu scrolls the menu, not the page behind it.
      await page.mouse.move(box.x + box.width / 2, box.y + 40);
      await page.mouse.wheel(0, 150);
      await expect.poll(() => menu.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      expect(await page.evaluate(() => scrollY)).toBe(0);

      // Every link, « Contact » and « Prendre RDV » included, is on screen when Tab reaches it.
      await menu.evaluate((el) => (el.scrollTop = 0));
      await toggle.focus();
      const links = menu.getByRole('link');
      const count = await links.count();
      for (let index = 0; index < count; index++) {
        await page.keyboard.press('Tab');
        await expect(links.nth(index)).toBeFocused();
        await expect(links.nth(index)).toBeInViewport({ ratio: 1 });
      }
    });
  }
});

test.describe('2.4.7: the skip link', () => {
  for (const width of [320, 1280]) {
    test(`at ${width} px, focused, it keeps its padding, shows whole and nothing covers it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 640 });
      await page.goto('/');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: fr.skipLink });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport({ ratio: 1 });
      const look = await skip.evaluate((el) => {
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return {
          padding: [style.paddingTop, style.paddingLeft].map(parseFloat),
          onTop: !!top && el.contains(top),
        };
      });
      expect(look.padding[0]).toBeGreaterThanOrEqual(8);
      expect(look.padding[1]).toBeGreaterThanOrEqual(12);
      expect(look.onTop).toBe(true);
    });
  }
});

test.describe('2.4.11: notices never hide the focus', () => {
  test.use({ viewport: { width: 375, height: 640 } });

  test('on /contact, a notice on screen, the phone link reached by Tab shows above it', async ({
    page,
  }) => {
    await page.goto('/contact');
    // A real notice: the booking stand-in's confirmation raises one.
    await askForBooking(page, 'calendly');
    await page
      .frameLocator('#calendly iframe')
      .getByRole('button', { name: 'Confirmer le rendez-vous' })
      .click();
    const notice = page.locator('#toasts').getByRole('status');
    await expect(notice).toBeVisible();
    await notice.hover(); // the pointer holds the notice (it would close after a while)
    const phone = page.locator('main a[href^="tel:"]').first();
    await phone.focus();
    await page.keyboard.press('Shift+Tab');
    await page.evaluate(() => scrollTo(0, 0));
    await page.keyboard.press('Tab');
    await expect(phone).toBeFocused();
    await expect(notice).toBeVisible();
    const [link, top] = await Promise.all([
      phone.boundingBox(),
      notice.evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(link!.y + link!.height, 'the focused link ends above the notice').toBeLessThanOrEqual(
      top,
    );
    expect(link!.y).toBeGreaterThanOrEqual(0);
  });
});

test.describe('1.4.12: text spacing overridden', () => {
  test('"Prendre RDV" stays whole in the 1280 px navigation bar', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.addStyleTag({ content: TEXT_SPACING });
    const cta = page.locator('.site-header nav > div > a').first();
    await expect(cta).toHaveText(/Prendre RDV/);
    const fit = await cta.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return {
        inside: el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight,
        onScreen: box.left >= 0 && box.right <= document.documentElement.clientWidth,
      };
    });
    expect(fit).toEqual({ inside: true, onScreen: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      1280,
    );
  });

  test('no page scrolls sideways at 320 px', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 640 });
    const wide: string[] = [];
    for (const route of sitemapRoutes()) {
      await page.goto(route);
      await page.addStyleTag({ content: TEXT_SPACING });
      const widths = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        document.documentElement.clientWidth,
      ]);
      if (widths[0] > widths[1]) wide.push(`${route}: ${widths[0]} px`);
    }
    expect(wide).toEqual([]);
  });
});

test('3.1.2: the English 404 heading says it is English', async ({ page }) => {
  await page.goto('/no-such-page');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText('Oops! Page not found');
  await expect(heading).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test.describe('forced colours', { tag: '@both-themes' }, () => {
  test.beforeEach(async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
  });

  test('the selected project filter looks different from the others', async ({ page }) => {
    await page.goto('/nos-realisations');
    const looks = (name: string) =>
      page.getByRole('button', { name, exact: true }).evaluate((el) => {
        const style = getComputedStyle(el);
        return `${style.backgroundColor} ${style.color}`;
      });
    const group = page.getByRole('group');
    const [first, second] = await group.getByRole('button').allTextContents();
    expect(await looks(first)).not.toBe(await looks(second));
    const before = await looks(second);
    await group.getByRole('button', { name: second, exact: true }).click();
    await expect(group.getByRole('button', { name: second, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const highlight = await page.evaluate(() => {
      const probe = document.body.appendChild(document.createElement('i'));
      probe.style.cssText = 'background-color: Highlight; color: HighlightText';
      const style = getComputedStyle(probe);
      const colours = `${style.backgroundColor} ${style.color}`;
      probe.remove();
      return colours;
    });
    expect(highlight).not.toBe(before);
    // The button's colours change through a transition: wait for where it ends.
    await expect.poll(() => looks(second)).toBe(highlight);
  });

  for (const [route, name, width] of [
    ['/', 'Découvrir l’automatisation IA', 375],
    ['/', 'Prendre RDV', 1280],
    ['/contact', fr.booking.show, 375],
  ] as const) {
    test(`the filled button « ${name} » keeps its shape: a border forced colours draw`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(route);
      const button = page.getByRole('link', { name, exact: true }).first();
      await expect(button).toBeVisible();
      const look = await button.evaluate((el) => {
        const style = getComputedStyle(el);
        const canvas = getComputedStyle(document.body).backgroundColor;
        return {
          width: parseFloat(style.borderTopWidth),
          style: style.borderTopStyle,
          visible: style.borderTopColor !== canvas && style.borderTopColor !== 'rgba(0, 0, 0, 0)',
        };
      });
      expect(look).toEqual({ width: 1, style: 'solid', visible: true });
    });
  }

  test('a focused form field shows an outline', async ({ page }) => {
    await page.goto('/contact');
    const form = page.locator('form[aria-label="Formulaire de contact"]');
    // From the field before it, by keyboard.
    await form.locator('[name="nom"]').focus();
    await page.keyboard.press('Shift+Tab');
    const outline = (name: string) =>
      form.locator(`[name="${name}"]`).evaluate((element) => {
        const style = getComputedStyle(element);
        return style.outlineStyle === 'none' ? 0 : parseFloat(style.outlineWidth);
      });
    await expect(form.locator('[name="prenom"]')).toBeFocused();
    expect(await outline('prenom')).toBeGreaterThanOrEqual(2);
    expect(await outline('nom')).toBe(0); // the state shows: only the focused field has it
  });
});
