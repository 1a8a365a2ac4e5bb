// The offer pages: every route of services, offers, projects, pricing and booking renders one h1
// without a console error; an offer page's links, the pricing page, the appointment links.
import { expect, test } from '@playwright/test';
import { expectNoErrors } from './helpers';
import { hydrated } from './support/islands';

const pages = [
  '/services',
  '/creation-site-web-marseille',
  '/creation-sites-web',
  '/automatisation-ia-entreprise',
  '/automatisation-ia',
  '/services-specialises',
  '/portfolio-projets-web-ia',
  '/nos-realisations',
  '/tarifs-creation-site-automatisation',
  '/faq',
  '/rendez-vous-consultation',
  '/site-vitrine',
  '/site-ecommerce',
  '/chatbot-ia',
  '/automatisation-processus',
  '/analyse-donnees-ia',
  '/nos-realisations/cosmetiques-bio',
  '/nos-realisations/chatbot-support',
  '/nos-realisations/cabinet-medical',
  '/nos-realisations/workflow-rh',
  '/nos-realisations/reservation-voile',
  '/nos-realisations/restaurant-panier',
];

test.describe('offer pages', () => {
  for (const path of pages) {
    test(`${path} renders one h1 with no console error`, async ({ page }) => {
      await expectNoErrors(page, async () => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await expect(page.locator('h1')).toHaveCount(1);
        await hydrated(page);
      });
    });
  }

  test('/creation-sites-web: canonical, breadcrumbs, offers and a tel: button', async ({
    page,
  }) => {
    await page.goto('/creation-sites-web');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      /\/creation-sites-web$/,
    );
    const trail = page.getByRole('navigation', { name: 'Fil d’Ariane' });
    await expect(trail.getByRole('link', { name: 'Services' })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(page.getByRole('link', { name: 'Découvrir le site vitrine' })).toHaveAttribute(
      'href',
      '/site-vitrine',
    );
    await expect(page.getByRole('link', { name: 'Découvrir le site e-commerce' })).toHaveAttribute(
      'href',
      '/site-ecommerce',
    );
    await expect(page.getByText('1\u00a0500\u00a0€').first()).toBeVisible();
    await expect(page.locator('a[href^="tel:"]').first()).toHaveAttribute(
      'href',
      /^tel:\+\d{8,15}$/,
    );
  });
});

test.describe('pricing page', () => {
  test('shows the six-question pricing FAQ and the spec prices', async ({ page }) => {
    await page.goto('/tarifs-creation-site-automatisation');
    await expect(page.locator('details')).toHaveCount(6);
    const text = await page.locator('main').innerText();
    for (const price of [
      '800\u00a0€',
      '2\u00a0500\u00a0€',
      '150\u00a0€',
      '500\u00a0€',
      '1\u00a0200\u00a0€',
      '100 à 200\u00a0€',
      '99 à 499\u00a0€',
    ]) {
      expect(text).toContain(price);
    }
    expect(text).toContain('40\u00a0% à la validation de la maquette');
    expect(text).toContain('Acompte de 50\u00a0% à la commande');
  });

  test('compares the site offers in a table: a column per offer, keyboard-scrollable', async ({
    page,
  }) => {
    await page.goto('/tarifs-creation-site-automatisation');
    const table = page.getByRole('table', { name: 'Nos sites côte à côte' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Site vitrine',
      'Site e-commerce',
      'Application web',
    ]);
    await expect(table.getByRole('row', { name: /^Prix/ }).getByRole('cell')).toHaveText([
      '1\u00a0500\u00a0€',
      '3\u00a0500\u00a0€',
      'Sur devis',
    ]);
    await expect(table.getByRole('rowheader')).toHaveText(['Prix', 'Délai', 'Support inclus']);
    const region = page.getByRole('region', { name: 'Nos sites côte à côte' });
    await region.focus();
    await expect(region).toBeFocused();
  });
});

test.describe('appointment links on /rendez-vous-consultation', () => {
  test('consultation buttons carry only the consultation', async ({ page }) => {
    await page.goto('/rendez-vous-consultation');
    const links = page.getByRole('link', { name: /^Réserver\s:/ });
    await expect(links).toHaveCount(3);
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
    const titles = hrefs.map((href) => {
      const url = new URL(href, 'http://x');
      expect(url.pathname).toBe('/contact');
      expect(url.hash).toBe('#calendly');
      expect([...url.searchParams.keys()]).toEqual(['consultation']);
      return url.searchParams.get('consultation');
    });
    expect(titles).toEqual(['Découverte', 'Audit technique', 'Conseil stratégique']);
  });

  test('slot links carry consultation, day and time, Monday to Friday, 3 to 4 a day', async ({
    page,
  }) => {
    await page.goto('/rendez-vous-consultation');
    const slots = page.locator('a[href*="jour="]');
    const hrefs = await slots.evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
    const perDay = new Map<string, number>();
    for (const href of hrefs) {
      const url = new URL(href, 'http://x');
      expect(url.pathname).toBe('/contact');
      expect(url.hash).toBe('#calendly');
      expect(url.searchParams.get('consultation')).toBe('Découverte');
      expect(url.searchParams.get('heure')).toMatch(/^(09|1[0-6]):[0-5]\d$/);
      const day = url.searchParams.get('jour') ?? '';
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect([...perDay.keys()]).toEqual(['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi']);
    for (const count of perDay.values())
      expect(count === 3 || count === 4, `${count} slots in a day`).toBe(true);
    const first = slots.first();
    await expect(first).toHaveText('09:00');
    await first.click();
    await expect(page).toHaveURL(
      /\/contact\?consultation=D%C3%A9couverte&jour=lundi&heure=09%3A00#calendly$/,
    );
  });
});
