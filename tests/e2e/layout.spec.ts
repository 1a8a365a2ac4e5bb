import { expect, test, type Page } from '@playwright/test';

test.describe('navigation bar', () => {
  test('is transparent at the top and opaque past 50 px, right from load', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header.site-header');
    const background = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(background).toBe('rgba(0, 0, 0, 0)');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect.poll(background).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(background).toBe('rgba(0, 0, 0, 0)');
  });

  test('marks the active link in the server HTML', async ({ request }) => {
    const html = await (await request.get('/contact')).text();
    expect(html).toMatch(/<a href="\/contact" aria-current="page"/);
    const home = await (await request.get('/')).text();
    expect(home).toMatch(/<a href="\/" aria-current="page"/);
  });

  test.describe('on a 375 px screen', () => {
    test.use({ viewport: { width: 375, height: 800 }, hasTouch: true });

    test('opens on a tap as soon as the HTML has parsed, under CPU and network throttling', async ({
      page,
    }) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: (400 * 1024) / 8,
        uploadThroughput: (400 * 1024) / 8,
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await menuToggle(page).tap();
      await expect(menuPanel(page)).toBeVisible();
      expect(await expandedState(page)).toBe(true);
    });

    test('closes on Escape (focus back on the toggle), a click outside and a link click', async ({
      page,
    }) => {
      await page.goto('/');
      const toggle = menuToggle(page);
      const panel = menuPanel(page);
      expect(await expandedState(page)).toBe(false);
      await toggle.click();
      await expect(panel).toBeVisible();
      expect(await expandedState(page)).toBe(true);
      await expect(panel.locator('a[aria-current="page"]')).toHaveText('Accueil');

      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      expect(await expandedState(page)).toBe(false);
      await expect(toggle).toBeFocused();

      await toggle.click();
      await page.mouse.click(200, 700);
      await expect(panel).toBeHidden();

      await toggle.click();
      await panel.getByRole('link', { name: 'Contact', exact: true }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(menuPanel(page)).toBeHidden();
      await page.goBack();
      await expect(menuPanel(page)).toBeHidden();
    });

    test('keyboard: Tab goes from the toggle into the menu, and leaving it closes it', async ({
      page,
    }) => {
      await page.goto('/');
      await menuToggle(page).focus();
      await page.keyboard.press('Enter');
      await expect(menuPanel(page)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(menuPanel(page).getByRole('link').first()).toBeFocused();
      const stops = await menuPanel(page).getByRole('link').count();
      for (let i = 0; i < stops; i++) await page.keyboard.press('Tab');
      await expect(menuPanel(page)).toBeHidden();
      expect(await menuPanel(page).evaluate((el) => el.contains(document.activeElement))).toBe(
        false,
      );
    });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('opens on a tap and closes on Escape and a click outside', async ({ page }) => {
        await page.goto('/contact');
        const panel = menuPanel(page);
        await menuToggle(page).tap();
        await expect(panel).toBeVisible();
        await expect(panel.locator('a[aria-current="page"]')).toHaveText('Contact');
        expect(await expandedState(page)).toBe(true);
        await page.keyboard.press('Escape');
        await expect(panel).toBeHidden();
        await menuToggle(page).tap();
        await expect(panel).toBeVisible();
        await page.mouse.click(200, 700);
        await expect(panel).toBeHidden();
        await menuToggle(page).tap();
        await panel.getByRole('link', { name: 'Réalisations', exact: true }).click();
        await expect(page).toHaveURL(/\/nos-realisations$/);
        await expect(menuPanel(page)).toBeHidden();
      });
    });
  });
});

test.describe('desktop navigation bar, in DejaVu Sans (system-ui on Linux)', () => {
  for (const width of [1280, 1366, 1440, 1920]) {
    test(`at ${width} px: every link on one line, no control over the next`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      const links = page.locator('header nav > ul a');
      await expect(links.first()).toBeVisible();
      expect(await renderedFaces(page, 'header nav > ul a')).toEqual(['DejaVu Sans']);
      const boxes = await page
        .locator('header nav :is(a, button):visible')
        .evaluateAll((elements) =>
          elements.map((element) => ({
            text: element.textContent?.trim() || element.getAttribute('aria-label'),
            lines: element.getClientRects().length,
            height: element.getBoundingClientRect().height,
            left: element.getBoundingClientRect().left,
            right: element.getBoundingClientRect().right,
          })),
        );
      const overlaps = boxes
        .slice(1)
        .filter((box, index) => box.left < boxes[index].right - 0.5)
        .map((box, index) => `${boxes[index].text} / ${box.text}`);
      expect(overlaps).toEqual([]);
      // A text-sm link with py-2 is 36 px on one line, 56 on two.
      const linkHeights = await links.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().height),
      );
      expect(Math.max(...linkHeights)).toBeLessThan(40);
    });
  }
});

test('the popover polyfill loads, and runs, only in a browser without popover', async ({
  page,
}) => {
  const isPolyfill = (url: string) => new URL(url).pathname === '/popover.js';
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (isPolyfill(request.url())) fetched.push(request.url());
  });
  // The inline script runs before `load`: had it asked for the polyfill, the request would be out.
  await page.goto('/', { waitUntil: 'load' });
  expect(fetched).toEqual([]);

  await page.addInitScript(() => {
    delete (HTMLElement.prototype as { popover?: unknown }).popover;
  });
  const response = page.waitForResponse((answer) => isPolyfill(answer.url()));
  await page.reload();
  expect((await response).status()).toBe(200);
  // The polyfill defines `popover` again once it has run (under the site's CSP).
  await page.waitForFunction(() => 'popover' in HTMLElement.prototype);
});

/** The platform faces Chromium drew the text of the first element `selector` matches with. */
async function renderedFaces(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

const menuToggle = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
const menuPanel = (page: Page) => page.locator('#menu-mobile');

/** The toggle's expanded state as Chromium exposes it to assistive technology. */
async function expandedState(page: Page): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  const toggle = nodes.find(
    (node) => node.role?.value === 'button' && node.name?.value === 'Menu' && !node.ignored,
  );
  if (!toggle) throw new Error('menu toggle not in the accessibility tree');
  const expanded = toggle.properties?.find((property) => property.name === 'expanded');
  await cdp.detach();
  return expanded?.value.value === true;
}

test.describe('404 page', () => {
  test('shows the message, a link home, and logs the attempted path', async ({ page }) => {
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    const response = await page.goto('/cette-page-nexiste-pas');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Oops! Page not found');
    await page.getByRole('link', { name: 'Retour à l’accueil' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(logs.some((line) => line.includes('/cette-page-nexiste-pas'))).toBe(true);
  });

  test('is not indexed', async ({ request }) => {
    const html = await (await request.get('/nope')).text();
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the navigation bar is opaque, so it stays legible over the page once scrolled', async ({
    page,
  }) => {
    await page.goto('/');
    await page.evaluate(() => window.scrollTo(0, 600));
    const header = page.locator('header.site-header');
    await expect
      .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(255, 255, 255)');
    await expect(header.locator('nav > a').first()).toHaveCSS('color', 'rgb(15, 23, 42)');
  });

  test('every revealed-on-scroll element is visible', async ({ page }) => {
    await page.goto('/');
    const hidden = await page.$$eval(
      '[data-reveal]',
      (elements) => elements.filter((element) => getComputedStyle(element).opacity !== '1').length,
    );
    expect(hidden).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu principal' });
  await expect(skip).toBeFocused();
  await skip.press('Enter');
  await expect(page.locator('main#contenu')).toBeFocused();
});
