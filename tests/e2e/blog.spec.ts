import { expect, test } from '@playwright/test';
import { expectNoErrors } from './helpers';

const NBSP = '\u00a0';

test.describe('blog categories', () => {
  test('a category page loads without console or network errors', async ({ page }) => {
    await expectNoErrors(page, async () => {
      await page.goto('/blog/categorie/referencement');
      await page.waitForLoadState('networkidle');
    });
  });

  test("a teaser's category opens the category page, which lists that article", async ({
    page,
  }) => {
    await page.goto('/blog');
    const teaser = page.locator('main article').filter({ hasText: 'SEO local à Marseille' });
    await teaser.getByRole('link', { name: 'Référencement' }).click();
    await expect(page).toHaveURL(/\/blog\/categorie\/referencement$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Articles «${NBSP}Référencement${NBSP}»`,
    );
    await expect(page.locator('main article h3')).toHaveText([/SEO local à Marseille/]);
    const categories = page.getByRole('navigation', { name: 'Catégories du blog' });
    await expect(categories.locator('[aria-current="page"]')).toHaveText('Référencement');
    await categories.getByRole('link', { name: 'Tous les articles' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.locator('main article')).toHaveCount(4);
  });

  test('an article links back to its category in the breadcrumbs', async ({ page }) => {
    await page.goto('/blog/seo-local-marseille');
    const trail = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    await trail.getByRole('link', { name: 'Référencement' }).click();
    await expect(page).toHaveURL(/\/blog\/categorie\/referencement$/);
  });
});

test.describe('share images', () => {
  for (const route of ['/', '/blog', '/blog/seo-local-marseille']) {
    test(`${route} declares its own 1200×630 PNG, served by the site`, async ({
      page,
      request,
    }) => {
      await page.goto(route);
      const url = await page.locator('meta[property="og:image"]').getAttribute('content');
      const path = new URL(url!).pathname;
      expect(path).toBe(route === '/' ? '/og/index.png' : `/og${route}.png`);
      await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute(
        'content',
        await page.title(),
      );
      const response = await request.get(path);
      expect(response.ok()).toBe(true);
      expect(response.headers()['content-type']).toContain('image/png');
      const png = await response.body();
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    });
  }
});
