// The FAQ accordions on /faq: every answer and the FAQPage data in the server HTML, the accordions
// once hydrated.
import { expect, test } from '@playwright/test';
import { hydrated } from './support/islands';

test.describe('FAQ accordions on /faq', () => {
  test('every answer and the FAQPage data are in the server HTML', async ({ request }) => {
    const html = await (await request.get('/faq')).text();
    const summaries = html.match(/<summary/g)?.length ?? 0;
    expect(summaries).toBeGreaterThanOrEqual(16);
    expect(html).toContain('Support standard\u00a0: réponse sous 24\u00a0h.');
    const json = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]),
    );
    const faq = json.find((data) => data['@type'] === 'FAQPage');
    expect(faq.mainEntity).toHaveLength(summaries);
    expect(await request.get('/faq').then((r) => r.status())).toBe(200);
  });

  test('four category headings (h2) over the accordions', async ({ page }) => {
    await page.goto('/faq');
    for (const name of [
      'Création de sites web',
      'Automatisation et IA',
      'Tarifs et facturation',
      'Support et maintenance',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
  });

  test('one item open at a time; a second click collapses it', async ({ page }) => {
    await page.goto('/faq');
    await hydrated(page);
    const group = page.locator('details').first().locator('xpath=..');
    const items = group.locator('details');
    await items.nth(0).locator('summary').click();
    await expect(items.nth(0)).toHaveAttribute('open', '');
    await expect(items.nth(0).getByText(/2 à 3\u00a0semaines/)).toBeVisible();
    await items.nth(1).locator('summary').click();
    await expect(items.nth(1)).toHaveAttribute('open', '');
    await expect(items.nth(0)).not.toHaveAttribute('open', '');
    await expect(group.locator('details[open]')).toHaveCount(1);
    await items.nth(1).locator('summary').click();
    await expect(group.locator('details[open]')).toHaveCount(0);
  });

  test('keyboard: Tab reaches a question, Enter and Space toggle it', async ({ page }) => {
    await page.goto('/faq');
    await hydrated(page);
    const first = page.locator('details').first();
    const summary = first.locator('summary');
    await summary.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(summary).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(first).toHaveAttribute('open', '');
    await page.keyboard.press('Enter');
    await expect(first).not.toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(first).not.toHaveAttribute('open', '');
  });
});
