import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { animationsSettled, sitemapRoutes } from './helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * The rules of TAGS that read colours: all the dark theme can change, since it changes colours only
 * (src/styles/tokens.css, and `dark:` variants of colour utilities). axe-core fails on a rule it does
 * not know, so a renamed rule cannot drop out of the list unseen.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Runs axe-core on the page and fails with one readable line per violation and element. */
async function expectNoViolationsIn(page: Page, route: string, theme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: theme });
  // Reveal every scroll-animated element first, so axe judges colours at full opacity.
  await page.evaluate(() =>
    document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-revealed')),
  );
  await animationsSettled(page);
  const axe = new AxeBuilder({ page });
  const { violations } = await (
    theme === 'light' ? axe.withTags(TAGS) : axe.withRules(COLOUR_RULES)
  ).analyze();
  const report = violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${route} (${theme}) [${violation.impact}] ${violation.id}: ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`,
    ),
  );
  expect(report, `axe-core violations on ${route} (${theme}):\n${report.join('\n')}`).toEqual([]);
}

/**
 * Every rule in the light theme, then the colour rules in the dark one (the visitor's system theme),
 * on the same page: a second load would judge the same markup again.
 */
async function expectNoViolations(page: Page, route: string) {
  await expectNoViolationsIn(page, route, 'light');
  await expectNoViolationsIn(page, route, 'dark');
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
  test.setTimeout(120_000); // six axe-core analyses and two page loads
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
