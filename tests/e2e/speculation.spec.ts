import { expect, test, type Page, type Request } from '@playwright/test';
import { followAfterHover, isSpeculative, launchBrowser } from '../../bench/lib/next-page.mjs';

// The next page is instant: the speculation rules (src/lib/page-scripts/speculation-rules.ts, named by the
// `Speculation-Rules` header of public/_headers) prerender a same-origin page when its link is
// hovered, in the real Chromium, with the site's real headers and CSP.

/** Collects the paths (with their query) of the speculative requests. */
function speculations(page: Page) {
  const seen: string[] = [];
  page.context().on('request', (request: Request) => {
    if (isSpeculative(request))
      seen.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  return seen;
}

test.use({ viewport: { width: 1280, height: 800 } });

// Chromium does not prerender under Playwright's DevTools connection; this test drives it with
// puppeteer-core, as the benchmark does (bench/lib/next-page.mjs).
test('after a hover on a link, the next page is shown from its prerender', async ({
  baseURL,
}, testInfo) => {
  const browser = await launchBrowser();
  try {
    const timing = await followAfterHover(browser, `${baseURL}/`, '/faq');
    expect(timing.path).toBe('/faq');
    expect(timing.activationStart, JSON.stringify(timing)).toBeGreaterThan(0);
    // How fast it paints is the benchmark's to report (npm run bench), not a bound a test may time.
    testInfo.annotations.push({
      type: 'first paint after activation (ms)',
      description: String(timing.paint),
    });
  } finally {
    await browser.close();
  }
});

test('never speculates /admin, newsletter result pages or booking-widget links', async ({
  page,
}) => {
  const speculated = speculations(page);
  await page.goto('/faq');
  // Links the rules exclude, added to the page, then one they allow.
  await page.evaluate(() => {
    const list = document.createElement('ul');
    list.id = 'probe-links';
    list.style.cssText = 'position:fixed;top:80px;left:10px;z-index:99;background:white';
    for (const href of [
      '/admin',
      '/admin/config.yml',
      '/newsletter/confirmee',
      '/contact#calendly',
      '/contact?consultation=D%C3%A9couverte&jour=lundi&heure=09%3A00#calendly',
      '/#audit-ia',
      '/a-propos',
    ]) {
      const item = list.appendChild(document.createElement('li'));
      const link = item.appendChild(document.createElement('a'));
      link.href = href;
      link.textContent = href;
    }
    document.body.append(list);
  });
  const probes = page.locator('#probe-links a');
  const count = await probes.count();
  // Moderate eagerness speculates on a pointer press too: press each link and release elsewhere (no
  // click), the allowed one last. Its speculation shows the presses were seen; none before it may be.
  for (let index = 0; index < count; index++) {
    const box = (await probes.nth(index).boundingBox())!;
    await page.mouse.move(box.x + 5, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(1200, 700);
    await page.mouse.up();
  }
  await expect.poll(() => speculated, { timeout: 15_000 }).toContain('/a-propos');
  expect(speculated.filter((path) => path !== '/a-propos')).toEqual([]);
});
