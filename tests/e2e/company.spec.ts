import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expectNoErrors } from './helpers';

/** The settings the pages must take their contact details and figures from. */
const settings = parse(readFileSync('src/content/settings/site.yaml', 'utf8'));
const NBSP = '\u00a0';

async function jsonLd(page: Page, type: string) {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text)).filter((data) => data['@type'] === type);
}

test.describe('/a-propos', () => {
  test('shows the mission, the four values and the figures from settings', async ({ page }) => {
    await page.goto('/a-propos');
    const values = page.getByRole('heading', { level: 3 });
    await expect(values).toHaveText(['Excellence', 'Collaboration', 'Innovation', 'Croissance']);
    const figures = page.locator('dd');
    const { sites, satisfaction, responseAbout, yearsAbout } = settings.figures;
    await expect(figures).toHaveText([sites, satisfaction, responseAbout, yearsAbout]);
    await expect(page.getByRole('link', { name: 'Nous contacter' }).last()).toHaveAttribute(
      'href',
      '/contact',
    );
  });
});

test.describe('/notre-equipe', () => {
  test('shows four members with role, portrait and links, and a recruitment link', async ({
    page,
  }) => {
    await page.goto('/notre-equipe');
    const cards = page.locator('main li:has(h3)');
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) {
      // The illustrated portrait is a build-time SVG file, decorative: the name is written beside it.
      const portrait = card.locator('img[src^="/avatars/"]');
      await expect(portrait).toHaveAttribute('alt', '');
      const file = await page.request.get((await portrait.getAttribute('src'))!);
      expect(file.headers()['content-type']).toContain('image/svg+xml');
      expect(await card.getByRole('link').count()).toBeGreaterThan(0);
    }
    await expect(page.getByRole('link', { name: 'Envoyer votre candidature' })).toHaveAttribute(
      'href',
      `mailto:${settings.recruitmentEmail}`,
    );
  });
});

test.describe('/blog', () => {
  test('lists four teasers with category, author, French date and reading time', async ({
    page,
  }) => {
    await page.goto('/blog');
    const teasers = page.locator('main article');
    await expect(teasers).toHaveCount(4);
    const first = teasers.first();
    await expect(first.locator('time')).toHaveAttribute('datetime', '2024-01-15');
    await expect(first.locator('time')).toHaveText(`15${NBSP}janvier${NBSP}2024`);
    await expect(first).toContainText(`2${NBSP}min de lecture`); // computed from the text
    await expect(first).toContainText('Par Sarah Martin');
    await expect(first).toContainText('Création web');
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      'href',
      '/rss.xml',
    );
  });

  test("'Lire la suite' opens the article, with BlogPosting data", async ({ page }) => {
    await expectNoErrors(page, async () => {
      await page.goto('/blog');
      const title = await page.locator('main article h3').first().textContent();
      await page
        .locator('main article')
        .first()
        .getByRole('link', { name: /^Lire la suite/ })
        .click();
      await expect(page).toHaveURL(/\/blog\/site-rapide-plus-de-clients$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!.trim());
      expect(await page.locator('main h2').count()).toBeGreaterThan(2);
    });
    const [posting] = await jsonLd(page, 'BlogPosting');
    expect(posting).toMatchObject({
      headline: expect.any(String),
      datePublished: '2024-01-15',
      inLanguage: 'fr-FR',
    });
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.getByRole('navigation', { name: 'Fil d’Ariane' })).toContainText('Blog');
  });

  test('has an RSS feed with the four articles', async ({ request }) => {
    const response = await request.get('/rss.xml');
    expect(response.ok()).toBe(true);
    const xml = await response.text();
    expect(xml.match(/<item>/g)).toHaveLength(4);
    expect(xml).toContain('/blog/seo-local-marseille</link>');
  });

  test('lays out the newsletter box: a labelled e-mail field and its button', async ({ page }) => {
    await page.goto('/blog');
    const slot = page.locator('#newsletter-form-slot');
    await expect(slot.getByLabel('Votre adresse e-mail')).toHaveAttribute('type', 'email');
    await expect(slot.getByRole('button', { name: 'S’abonner' })).toBeVisible();
    await expect(page.locator('#newsletter h2')).toBeVisible();
  });
});

test.describe('/carrieres', () => {
  test("lists four positions; 'Postuler' opens an e-mail naming the position", async ({ page }) => {
    await page.goto('/carrieres');
    const jobs = page.locator('#postes li:has(h3)');
    await expect(jobs).toHaveCount(4);
    await expect(jobs.locator('dd').filter({ hasText: /^(CDI|Freelance|Stage)$/ })).toHaveText([
      'CDI',
      'Freelance',
      'CDI',
      'Stage',
    ]);
    for (const job of await jobs.all()) {
      const title = (await job.locator('h3').textContent())!.trim();
      const href = await job.getByRole('link', { name: /^Postuler/ }).getAttribute('href');
      const url = new URL(href!);
      expect(url.protocol).toBe('mailto:');
      expect(url.pathname).toBe(settings.recruitmentEmail);
      expect(decodeURIComponent(href!.split('?subject=')[1])).toBe(`Candidature${NBSP}: ${title}`);
    }
    await expect(
      page.getByRole('link', { name: 'Envoyer une candidature spontanée' }),
    ).toHaveAttribute(
      'href',
      `mailto:${settings.recruitmentEmail}?subject=${encodeURIComponent('Candidature spontanée')}`,
    );
    await expect(
      page
        .getByRole('heading', { level: 3 })
        .filter({ hasText: /Télétravail|Formation|Projets|Équipe/ }),
    ).toHaveCount(4);
  });

  test('publishes one JobPosting per position with the spec employment types and places', async ({
    page,
  }) => {
    await page.goto('/carrieres');
    const postings = await jsonLd(page, 'JobPosting');
    expect(postings.map((job) => job.employmentType)).toEqual([
      'FULL_TIME',
      'CONTRACTOR',
      'FULL_TIME',
      'INTERN',
    ]);
    expect(postings.map((job) => job.jobLocationType ?? null)).toEqual([
      'TELECOMMUTE',
      'TELECOMMUTE',
      null,
      null,
    ]);
    for (const job of postings) expect(job.hiringOrganization.name).toBe(settings.brand);
  });
});

test.describe('legal pages', () => {
  for (const route of ['/mentions-legales', '/politique-confidentialite', '/cgv']) {
    test(`${route} shows its full text with the details from settings and the update date`, async ({
      page,
    }) => {
      await page.goto(route);
      const main = page.locator('main');
      await expect(main).toContainText(
        `Dernière mise à jour${NBSP}: ${settings.legal.lastUpdated}`,
      );
      await expect(main).toContainText(settings.legal.companyName);
      await expect(main).not.toContainText('{{');
      expect(await main.locator('.prose-legal h2').count()).toBeGreaterThan(4);
    });
  }

  test('the privacy policy covers form data, booking widget, retention, rights', async ({
    page,
  }) => {
    await page.goto('/politique-confidentialite');
    const text = (await page.locator('.prose-legal').textContent()) ?? '';
    for (const needle of [
      'Supabase',
      'Resend',
      'Cloudflare',
      'Turnstile',
      'Calendly',
      'cookies tiers',
      'newsletter',
      `3${NBSP}ans`,
      'rectification',
      'effacement',
      'opposition',
      'portabilité',
      'CNIL',
      settings.email,
    ]) {
      expect(text, `privacy policy mentions ${needle}`).toContain(needle);
    }
    // No promise the configuration does not keep: nothing says our data stays in the EU.
    for (const sentence of text.split(/(?<=[.;])\s/)) {
      if (/Supabase|Resend|Cloudflare/.test(sentence))
        expect(sentence).not.toMatch(/Union européenne/);
    }
  });

  test('the CGV give both payment readings, quote validity and termination notice', async ({
    page,
  }) => {
    await page.goto('/cgv');
    const text = (await page.locator('.prose-legal').textContent()) ?? '';
    for (const needle of [
      `50${NBSP}%`,
      `30${NBSP}%`,
      `40${NBSP}%`,
      `2${NBSP}000${NBSP}€`,
      `valable 30${NBSP}jours`,
      `délai maximum de 30${NBSP}jours`,
      'virement',
      'chèque',
      `15${NBSP}jours`,
    ]) {
      expect(text, `CGV mention ${needle}`).toContain(needle);
    }
  });
});
