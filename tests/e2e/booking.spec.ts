import { expect, test, type Page } from '@playwright/test';
import * as fr from '../../src/lib/i18n/fr';
import { askForBooking } from './helpers';
import {
  TEST_BOOKING_PORT,
  TEST_BOOKING_URL,
  TEST_SITE_PORT,
} from '../../scripts/lib/test-ports.mjs';

const frame = '#audit-ia iframe';

test.describe('booking embed on the home page', () => {
  test.beforeEach(async ({ page }) => {
    page.on('request', (request) => {
      expect(new URL(request.url()).hostname, 'no request may reach calendly.com').not.toMatch(
        /calendly\.com$/,
      );
    });
  });

  test('requests nothing from the booking origin until clicked, then one frame', async ({
    page,
  }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bookingRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`http://localhost:${TEST_BOOKING_PORT}`))
        bookingRequests.push(request.url());
    });
    await page.route(`${TEST_BOOKING_URL}*`, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/');
    await page.locator('#audit-ia').scrollIntoViewIfNeeded();
    await expect(page.locator('#audit-ia astro-island')).not.toHaveAttribute('ssr');
    await expect(page.locator('#audit-ia')).toContainText(fr.booking.privacy);
    await page.waitForTimeout(500);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(bookingRequests).toEqual([]);

    await askForBooking(page, 'audit-ia');
    const iframe = page.locator(frame);
    await expect(iframe).toHaveAttribute(
      'src',
      new RegExp(`^${TEST_BOOKING_URL.replace(/\./g, '\\.')}\\?`),
    );
    const src = new URL((await iframe.getAttribute('src'))!);
    expect(src.searchParams.get('embed_domain')).toBe(`localhost:${TEST_SITE_PORT}`);
    expect(src.searchParams.get('embed_type')).toBe('Inline');
    expect(src.searchParams.get('hide_event_type_details')).toBe('1');
    expect(src.searchParams.get('hide_landing_page_details')).toBe('1');
    expect(src.searchParams.get('hide_gdpr_banner')).toBe('1');
    await expect(iframe).toHaveAttribute('title', fr.booking.frameTitle);
    await expect(page.locator('#audit-ia').getByRole('status')).toHaveText(fr.booking.loading);

    release();
    await expect(page.locator('#audit-ia').getByRole('status')).toHaveCount(0);
    expect(bookingRequests).toHaveLength(1);
  });

  test('is 700 px high and at most 900 px wide, then takes the height the widget reports', async ({
    page,
  }) => {
    await page.route(`${TEST_BOOKING_URL}*`, async (route) => {
      const response = await route.fetch();
      // Stand-in without its own height message, to see the starting size.
      const body = (await response.text()).replace(
        "send('calendly.page_height'",
        "void ('calendly.page_height'",
      );
      await route.fulfill({ response, body });
    });
    await page.goto('/#audit-ia');
    await askForBooking(page, 'audit-ia');
    const iframe = page.locator(frame);
    await expect(iframe).toHaveAttribute('src', /embed_type=Inline/);
    const box = (await iframe.boundingBox())!;
    expect(box.height).toBe(700);
    expect(box.width).toBeLessThanOrEqual(900);

    await page
      .frameLocator(frame)
      .locator('body')
      .evaluate(() =>
        parent.postMessage({ event: 'calendly.page_height', payload: { height: '1234px' } }, '*'),
      );
    await expect.poll(async () => (await iframe.boundingBox())!.height).toBe(1234);
  });

  test('grows to the page height the stand-in posts on load', async ({ page }) => {
    await page.goto('/');
    await askForBooking(page, 'audit-ia');
    await expect.poll(async () => (await page.locator(frame).boundingBox())?.height).toBe(1200);
  });

  test('raises a success notice when an appointment is booked in the widget', async ({ page }) => {
    const toasterCode: string[] = [];
    page.on('request', (request) => {
      if (/\/Toaster\.[\w-]+\.js$/.test(request.url())) toasterCode.push(request.url());
    });
    await page.goto('/');
    await askForBooking(page, 'audit-ia');
    const confirm = page
      .frameLocator(frame)
      .getByRole('button', { name: 'Confirmer le rendez-vous' });
    await expect(confirm).toBeVisible();
    expect(toasterCode, 'no Toaster code before a notice').toEqual([]);
    await confirm.click();
    const notice = page.getByRole('status').filter({ hasText: fr.booking.scheduledTitle });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(fr.booking.scheduledText);
    expect(toasterCode).toHaveLength(1);
  });

  test('ignores widget messages from another origin', async ({ page }) => {
    await page.goto('/');
    await askForBooking(page, 'audit-ia');
    const iframe = page.locator(frame);
    await expect.poll(async () => (await iframe.boundingBox())?.height).toBe(1200);
    await page.evaluate(() => {
      window.postMessage({ event: 'calendly.event_scheduled', payload: {} }, '*');
      window.postMessage({ event: 'calendly.page_height', payload: { height: '300px' } }, '*');
    });
    await page.waitForTimeout(300);
    await expect(page.getByText(fr.booking.scheduledTitle)).toHaveCount(0);
    expect((await iframe.boundingBox())!.height).toBe(1200);
  });

  test('passes the chosen slot and the campaign of the page address to the widget', async ({
    page,
  }) => {
    await page.goto(
      '/?consultation=Audit%20technique&jour=mardi&heure=10:00&date=2026-12-01&utm_source=newsletter#audit-ia',
    );
    await askForBooking(page, 'audit-ia');
    const iframe = page.locator(frame);
    await expect(iframe).toHaveAttribute('src', /embed_type=Inline/);
    const src = new URL((await iframe.getAttribute('src'))!);
    expect(src.searchParams.get('a1')).toBe('Audit technique – mardi 10:00');
    expect(src.searchParams.get('date')).toBe('2026-12-01');
    expect(src.searchParams.get('utm_source')).toBe('newsletter');
    await expect(page.frameLocator(frame).locator('#query')).toContainText('utm_source=newsletter');
    expect(src.port).toBe(String(TEST_BOOKING_PORT));
  });
});

test.describe('booking embed on /contact', () => {
  const bookingRequests = (page: Page) => {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`http://localhost:${TEST_BOOKING_PORT}`))
        urls.push(request.url());
    });
    return urls;
  };

  test('no request to the booking origin before the visitor asks, one after the click', async ({
    page,
  }) => {
    const urls = bookingRequests(page);
    await page.goto('/contact');
    await page.locator('#calendly').scrollIntoViewIfNeeded();
    await expect(page.locator('#calendly astro-island')).not.toHaveAttribute('ssr');
    await page.waitForTimeout(500);
    expect(urls).toEqual([]);
    await askForBooking(page, 'calendly');
    await expect(page.locator('#calendly').getByRole('status')).toHaveCount(0);
    expect(urls).toHaveLength(1);
  });

  for (const link of [
    '/contact#calendly',
    '/contact?consultation=D%C3%A9couverte&jour=lundi&heure=09%3A00#calendly',
  ]) {
    test(`${link} focuses the button, requests nothing before the click, keeps the slot`, async ({
      page,
    }) => {
      const urls = bookingRequests(page);
      await page.goto(link);
      const button = page.locator('#calendly').getByRole('link', { name: fr.booking.show });
      await expect(page.locator('#calendly astro-island')).not.toHaveAttribute('ssr');
      await expect(button).toBeFocused();
      await expect(button).toBeInViewport();
      await expect(page.locator('#calendly')).toContainText(fr.booking.privacy);
      expect(await page.locator('iframe').count()).toBe(0);
      expect(urls).toEqual([]);
      await button.click();
      const iframe = page.locator('#calendly iframe');
      await expect(iframe).toHaveAttribute('src', /embed_type=Inline/);
      if (link.includes('consultation='))
        expect(new URL((await iframe.getAttribute('src'))!).searchParams.get('a1')).toBe(
          'Découverte – lundi 09:00',
        );
      await expect(page.locator('#calendly').getByRole('status')).toHaveCount(0);
      expect(urls).toHaveLength(1);
    });
  }

  test('offers the booking page and the phone when the widget cannot load', async ({ page }) => {
    await page.route(`${TEST_BOOKING_URL}*`, (route) => route.abort('connectionrefused'));
    await page.goto('/contact#calendly');
    await askForBooking(page, 'calendly');
    const alert = page.locator('#calendly').getByRole('alert');
    await expect(alert).toContainText(fr.booking.unavailable, { timeout: 15_000 });
    await expect(alert.getByRole('link', { name: fr.booking.direct })).toHaveAttribute(
      'href',
      TEST_BOOKING_URL,
    );
    await expect(alert.getByRole('link', { name: /04/ })).toHaveAttribute('href', /^tel:\+/);
  });

  test('offers them at once when the browser is offline', async ({ page, context }) => {
    await page.goto('/contact');
    await page.locator('#calendly').scrollIntoViewIfNeeded();
    await expect(page.locator('#calendly astro-island')).not.toHaveAttribute('ssr');
    await context.setOffline(true);
    await page.locator('#calendly').getByRole('link', { name: fr.booking.show }).click();
    await expect(page.locator('#calendly').getByRole('alert')).toContainText(
      fr.booking.unavailable,
    );
    await context.setOffline(false);
  });
});
