// The project filter on /nos-realisations: every card in the server HTML, the filter once hydrated,
// its state in the address (Back, a shared link).
import { expect, test, type Page } from '@playwright/test';
import { hydrated } from './support/islands';

test.describe('project filter on /nos-realisations', () => {
  const cards = (page: Page) => page.locator('li[data-category]:visible');

  test('shows all six cards in the server HTML and by default', async ({ page, request }) => {
    const html = await (await request.get('/nos-realisations')).text();
    expect(html.match(/data-category="/g)).toHaveLength(6);
    expect(html.match(/href="\/nos-realisations\/[a-z-]+"/g)?.length).toBeGreaterThanOrEqual(6);
    await page.goto('/nos-realisations');
    await hydrated(page);
    await expect(cards(page)).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Toutes' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByRole('status').filter({ hasText: 'projets affichés' })).toHaveText(
      '6 projets affichés',
    );
  });

  test('each category shows only its cards, one pressed at a time', async ({ page }) => {
    await page.goto('/nos-realisations');
    await hydrated(page);
    const expected: Record<string, [string, number]> = {
      'Automatisation IA': ['automatisation', 2],
      'Sites Web': ['sites-web', 2],
      'E-commerce': ['e-commerce', 1],
      Applications: ['applications', 1],
    };
    for (const [label, [slug, count]] of Object.entries(expected)) {
      await page.getByRole('button', { name: label, exact: true }).click();
      await expect(cards(page)).toHaveCount(count);
      for (const category of await cards(page).evaluateAll((els) =>
        els.map((el) => el.getAttribute('data-category')),
      )) {
        expect(category).toBe(slug);
      }
      await expect(page.locator('[aria-pressed="true"]')).toHaveCount(1);
      await expect(page.getByRole('button', { name: label, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
    }
    await page.getByRole('button', { name: 'Toutes' }).click();
    await expect(cards(page)).toHaveCount(6);
  });

  test('the chosen category survives Back from a project, and a shared link', async ({
    page,
    context,
  }) => {
    await page.goto('/nos-realisations');
    await page.getByRole('button', { name: 'Sites Web', exact: true }).click();
    await expect(cards(page)).toHaveCount(2);
    await cards(page).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/nos-realisations\/[a-z-]+$/);
    await page.goBack();
    await expect(page.getByRole('button', { name: 'Sites Web', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cards(page)).toHaveCount(2);
    // The address, opened by someone else, shows the same choice.
    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect(cards(shared)).toHaveCount(2);
    await expect(shared.getByRole('status').filter({ hasText: 'affiché' })).toHaveText(
      '2 projets affichés',
    );
  });

  test('"Voir le projet" opens the project page', async ({ page }) => {
    await page.goto('/nos-realisations');
    await page.getByRole('link', { name: /Voir le projet.*cosmétiques bio/ }).click();
    await expect(page).toHaveURL(/\/nos-realisations\/cosmetiques-bio$/);
    await expect(page.locator('h1')).toHaveText('Boutique en ligne de cosmétiques bio');
  });
});
