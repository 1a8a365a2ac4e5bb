import { expect, test } from '@playwright/test';

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
    test.use({ viewport: { width: 375, height: 800 } });

    test('opens with the toggle and closes on a link click, Escape or a click outside', async ({
      page,
    }) => {
      await page.goto('/');
      // The menu is an island hydrated when the browser is idle: wait until Astro has hydrated it.
      await expect(page.locator('header astro-island')).not.toHaveAttribute('ssr', /.*/);
      const toggle = page.getByRole('button', { name: 'Ouvrir le menu' });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const panelId = await toggle.getAttribute('aria-controls');
      const panel = page.locator(`[id="${panelId}"]`);
      await toggle.click();
      await expect(page.getByRole('button', { name: 'Fermer le menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link').first()).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(page.getByRole('button', { name: 'Ouvrir le menu' })).toBeFocused();

      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.mouse.click(200, 700);
      await expect(panel).toBeHidden();

      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await panel.getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/\/contact$/);
    });
  });
});

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
