import { expect, test } from '@playwright/test';
import * as fr from '../../src/lib/i18n/fr';
import { TEST_BOOKING_PORT, TEST_BOOKING_URL, TEST_SITE_PORT } from './ports';

const frame = '#audit-ia iframe';

test.describe('booking embed on the home page', () => {
  test.beforeEach(async ({ page }) => {
    page.on('request', (request) => {
      expect(new URL(request.url()).hostname, 'no request may reach calendly.com').not.toMatch(
        /calendly\.com$/,
      );
    });
  });

  test('requests no frame at load, then one with the embed fields once scrolled near, spinner until loaded', async ({
    page,
  }) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${TEST_BOOKING_URL}*`, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('iframe').count()).toBe(0);

    await page.locator('#audit-ia').scrollIntoViewIfNeeded();
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
    await page.locator('#audit-ia').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await page.locator(frame).boundingBox())?.height).toBe(1200);
  });

  test('raises a success notice when an appointment is scheduled in the widget (the Toaster loads on that first notice)', async ({
    page,
  }) => {
    const toasterCode: string[] = [];
    page.on('request', (request) => {
      if (/\/Toaster\.[\w-]+\.js$/.test(request.url())) toasterCode.push(request.url());
    });
    await page.goto('/');
    await page.locator('#audit-ia').scrollIntoViewIfNeeded();
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
    await page.locator('#audit-ia').scrollIntoViewIfNeeded();
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
