import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { askForBooking, expectNoErrors } from './helpers';
import * as fr from '../../src/lib/i18n/fr';

const SECTIONS = [
  'accueil',
  'expertise',
  'automatisation',
  'integrations',
  'audit-ia',
  'temoignages',
  'contact-rapide',
];

test.describe('home page', () => {
  test('shows its 8 sections in order: 7 in main, each with its heading, then the footer', async ({
    page,
  }) => {
    await page.goto('/');
    const sections = page.locator('main > section');
    await expect(sections).toHaveCount(SECTIONS.length);
    expect(await sections.evaluateAll((all) => all.map((el) => el.id))).toEqual(SECTIONS);
    await expect(sections.first().locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveCount(1);
    for (const id of SECTIONS.slice(1))
      await expect(page.locator(`[id="${id}"] h2`)).toHaveCount(1);
    await expect(page.locator('#audit-ia h2')).toHaveText('Auditez l’IA dans votre entreprise');
    const footerAfterMain = await page.evaluate(() => {
      const main = document.querySelector('main')!;
      const footer = document.querySelector('body > footer')!;
      return Boolean(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(footerAfterMain).toBe(true);
  });

  test('hero links to the AI page and portfolio; the closing call to /contact', async ({
    page,
  }) => {
    await page.goto('/');
    const hero = page.locator('#accueil');
    await expect(hero.locator('a[href="/automatisation-ia"]')).toBeVisible();
    await expect(hero.locator('a[href="/nos-realisations"]')).toBeVisible();
    await expect(page.locator('#contact-rapide a[href="/contact"]')).toHaveCount(1);
    await expect(page.locator('#contact-rapide a[href^="tel:+"]')).toHaveCount(1);
  });

  test('shows 6 service cards and 12 tools in 6 categories', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#expertise h3')).toHaveCount(6);
    await expect(page.locator('#integrations h3')).toHaveCount(6);
    await expect(page.locator('#integrations [data-integration]')).toHaveCount(12);
  });

  test('automation steps advance every 3 s with the progress bar', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const panel = page.locator('#automatisation');
    await panel.scrollIntoViewIfNeeded();
    const current = panel.locator('[aria-current="step"] h3');
    const bar = panel.locator('[data-progress]');
    await expect(panel.getByRole('button', { name: fr.automation.pause })).toBeVisible();
    // The button is in the server HTML: wait for the island itself, or the clock runs before it.
    await expect(panel.locator('astro-island')).not.toHaveAttribute('ssr');
    await page.mouse.move(0, 0);
    const first = await current.textContent();
    await expect(bar).toHaveAttribute('style', /width: ?33%/);
    await page.clock.runFor(3000);
    await expect(current).not.toHaveText(first!);
    await expect(bar).toHaveAttribute('style', /width: ?66%/);
  });

  test('testimonial carousel advances every 4 s; dots jump; hover and pause stop it', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: fr.carousel.label });
    await carousel.scrollIntoViewIfNeeded();
    const pause = carousel.getByRole('button', { name: fr.carousel.pause });
    await expect(pause).toBeVisible();
    await expect(page.locator('astro-island', { has: carousel })).not.toHaveAttribute('ssr');
    const slide = (n: number) => carousel.locator('[aria-roledescription="slide"]').nth(n);
    await page.mouse.move(0, 0);
    await expect(slide(0)).toBeVisible();
    await expect(slide(1)).toBeHidden();

    await page.clock.runFor(4000);
    await expect(slide(1)).toBeVisible();
    await expect(slide(0)).toBeHidden();

    await carousel.getByRole('button', { name: fr.carousel.goTo(1) }).click();
    await expect(slide(0)).toBeVisible();
    await carousel.hover();
    await page.clock.runFor(12000);
    await expect(slide(0)).toBeVisible();

    await page.mouse.move(0, 0);
    await carousel.getByRole('button', { name: fr.carousel.pause }).click();
    await page.mouse.move(0, 0);
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.clock.runFor(12000);
    await expect(slide(0)).toBeVisible();
    await expect(carousel.getByRole('button', { name: fr.carousel.play })).toBeVisible();
  });

  test('testimonial carousel holds still when a dot had focus before hydration', async ({
    page,
  }) => {
    await page.clock.install();
    // Hold back the island runtime until the dot has focus: the focus then comes before hydration.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/islands\.[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: fr.carousel.label });
    const dot = carousel.getByRole('button', { name: fr.carousel.goTo(2) });
    const slide = (n: number) => carousel.locator('[aria-roledescription="slide"]').nth(n);
    await dot.focus();
    await page.mouse.move(0, 0);
    const island = page.locator('astro-island', { has: carousel });
    await expect(island).toHaveAttribute('ssr', '');
    release();
    await expect(island).not.toHaveAttribute('ssr');
    // From here on, time moves only when the test says so (not while an assertion retries). The page's
    // clock runs until then: the pause is set a test timeout ahead, so no machine is slow enough for it
    // to be in the past when it is set. The jump fires each due timer
    // once, with the dot focused: the carousel must hold still through it too.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + test.info().timeout);
    for (let interval = 0; interval < 3; interval++) {
      await page.clock.runFor(4500);
      await expect(slide(0)).toBeVisible();
      await expect(slide(1)).toBeHidden();
    }
    await expect(dot).toBeFocused();
    // Focus gone, the motion resumes.
    await page.locator('#contact-rapide a').first().focus();
    await page.clock.runFor(4500);
    await expect(slide(1)).toBeVisible();
  });

  test.describe('in forced-colours mode', () => {
    test.use({ colorScheme: 'light' });

    test('the carousel dots show, the current one distinct from the others', async ({ page }) => {
      await page.emulateMedia({ forcedColors: 'active' });
      await page.goto('/');
      const carousel = page.getByRole('region', { name: fr.carousel.label });
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel.getByRole('button', { name: fr.carousel.pause })).toBeVisible();
      await carousel.getByRole('button', { name: fr.carousel.pause }).click();
      const dots = carousel.locator('button[aria-label] > span');
      await expect(dots).toHaveCount(2);
      // What is painted: the dot's border and fill, against the colour behind it.
      const looks = await dots.evaluateAll((spans) =>
        spans.map((span) => {
          const style = getComputedStyle(span);
          let behind: Element | null = span.parentElement;
          const clear = (el: Element) => /, 0\)$/.test(getComputedStyle(el).backgroundColor);
          while (behind && clear(behind)) behind = behind.parentElement;
          return {
            current: span.parentElement!.getAttribute('aria-current') === 'true',
            border: style.borderTopWidth !== '0px' ? style.borderTopColor : null,
            fill: style.backgroundColor,
            behind: behind ? getComputedStyle(behind).backgroundColor : 'rgb(255, 255, 255)',
          };
        }),
      );
      expect(looks.map((look) => look.current)).toEqual([true, false]);
      for (const look of looks) {
        const shows = (look.border && look.border !== look.behind) || look.fill !== look.behind;
        expect(shows, JSON.stringify(look)).toBe(true);
      }
      expect(looks[0].fill).not.toBe(looks[1].fill);
    });
  });

  test.describe('under prefers-reduced-motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('neither the steps nor the carousel move by themselves', async ({ page }) => {
      await page.clock.install();
      await page.goto('/');
      const carousel = page.getByRole('region', { name: fr.carousel.label });
      await carousel.scrollIntoViewIfNeeded();
      await expect(carousel.getByRole('button', { name: fr.carousel.play })).toBeVisible();
      await page.locator('#automatisation').scrollIntoViewIfNeeded();
      await expect(page.getByRole('button', { name: fr.automation.play })).toBeVisible();
      const step = await page.locator('#automatisation [aria-current="step"] h3').textContent();
      await page.mouse.move(0, 0);
      await page.clock.runFor(20000);
      await expect(carousel.locator('[aria-roledescription="slide"]').first()).toBeVisible();
      await expect(page.locator('#automatisation [aria-current="step"] h3')).toHaveText(step!);
    });
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the server HTML shows the first three testimonials and the first step', async ({
      page,
    }) => {
      await page.goto('/');
      const cards = page.locator('#temoignages figure:visible strong');
      await expect(cards).toHaveCount(3);
      await expect(page.locator('#automatisation [aria-current="step"]')).toHaveCount(1);
      await expect(page.locator('#expertise h3').first()).toBeVisible();
    });
  });

  test('has no console error or failed request, booking frame included', async ({ page }) => {
    await expectNoErrors(page, async () => {
      await page.goto('/');
      await askForBooking(page, 'audit-ia');
      await expect(page.locator('#audit-ia iframe')).toHaveAttribute('src', /embed_type=Inline/);
      await expect(page.locator('#audit-ia [role="status"]')).toHaveCount(0);
      for (const id of ['temoignages', 'contact-rapide'])
        await page.locator(`[id="${id}"]`).scrollIntoViewIfNeeded();
      await expect(
        page
          .getByRole('region', { name: fr.carousel.label })
          .getByRole('button', { name: fr.carousel.pause }),
      ).toBeVisible();
      await page.waitForTimeout(500);
    });
  });

  test('has no axe-core violation once its islands and the booking frame are running', async ({
    page,
  }) => {
    test.slow(); // axe over the whole home page, its islands running
    await page.goto('/');
    await page.locator('#automatisation').scrollIntoViewIfNeeded();
    await expect(page.getByRole('button', { name: fr.automation.pause })).toBeVisible();
    await askForBooking(page, 'audit-ia');
    await expect(page.locator('#audit-ia [role="status"]')).toHaveCount(0);
    await page.locator('#temoignages').scrollIntoViewIfNeeded();
    await expect(
      page
        .getByRole('region', { name: fr.carousel.label })
        .getByRole('button', { name: fr.carousel.pause }),
    ).toBeVisible();
    // Stop both animations so colours are judged at rest, not halfway through a transition.
    await page.getByRole('button', { name: fr.carousel.pause }).click();
    await page.getByRole('button', { name: fr.automation.pause }).click();
    await page.evaluate(() =>
      document.querySelectorAll('[data-reveal]').forEach((el) => el.classList.add('is-revealed')),
    );
    await page.waitForTimeout(1000);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .exclude('#audit-ia iframe')
      .analyze();
    expect(
      violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' ')}`,
      ),
    ).toEqual([]);
  });

  test.describe('on a 320 px screen', () => {
    test.use({ viewport: { width: 320, height: 640 } });

    test('no home section is wider than the screen', async ({ page }) => {
      await page.goto('/');
      for (const id of SECTIONS) await page.locator(`[id="${id}"]`).scrollIntoViewIfNeeded();
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter(
            (el) =>
              el.getBoundingClientRect().right > window.innerWidth + 0.5 && !el.closest('svg'),
          )
          .map((el) => el.outerHTML.slice(0, 80)),
      );
      expect(overflowing).toEqual([]);
    });
  });
});
