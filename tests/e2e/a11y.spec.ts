import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { animationsSettled, sitemapRoutes } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe-core on the page and fails with one readable line per violation and element. */
async function expectNoViolations(page: Page, route: string) {
  // Reveal every scroll-animated element first, so axe judges colours at full opacity.
  await page.evaluate(() =>
    document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-revealed')),
  );
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${route} [${violation.impact}] ${violation.id}: ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
    ),
  );
  expect(report, `axe-core violations on ${route}:\n${report.join('\n')}`).toEqual([]);
}

for (const route of sitemapRoutes()) {
  test(`${route} has no axe-core violation (WCAG 2.2 AA)`, async ({ page }) => {
    await page.goto(route, { waitUntil: 'networkidle' });
    await expectNoViolations(page, route);
  });
}

test('the 404 page has no axe-core violation (WCAG 2.2 AA)', async ({ page }) => {
  const response = await page.goto('/cette-page-nexiste-pas', { waitUntil: 'networkidle' });
  expect(response?.status()).toBe(404);
  await expectNoViolations(page, '/404');
});

test('the search page and panel, with and without results, pass axe-core', async ({ page }) => {
  test.setTimeout(90_000); // three axe-core analyses and two page loads
  await page.goto('/recherche?q=chatbots', { waitUntil: 'networkidle' });
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/résultats?$/);
  await expectNoViolations(page, '/recherche?q=chatbots');
  await page.goto('/');
  await page.keyboard.press('/');
  await page.keyboard.type('chatbots');
  await expect(page.locator('#recherche-panneau li a').first()).toBeVisible();
  await expectNoViolations(page, '/ (search panel, results)');
  await page.getByRole('searchbox').fill('zzxqw');
  await expect(page.getByRole('status').filter({ hasText: 'Aucun résultat' })).toBeVisible();
  await expectNoViolations(page, '/ (search panel, no result)');
});
