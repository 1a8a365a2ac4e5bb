import { expect, test, type Page } from '@playwright/test';
import { expectNoErrors } from './helpers';

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

/** Waits until every island on the page has hydrated (Astro removes `ssr` from the island). */
async function hydrated(page: Page) {
  for (const island of await page.locator('astro-island').all()) {
    await island.evaluate((el) => (el.firstElementChild ?? el).scrollIntoView({ block: 'center' }));
    await expect(island).not.toHaveAttribute('ssr');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

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
