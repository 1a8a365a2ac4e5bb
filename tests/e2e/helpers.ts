import { expect, type Page, type Request } from '@playwright/test';
import { sitemapRoutes as routesOf } from '../../scripts/lib/built-site.mjs';
import { TEST_DIST } from '../../scripts/lib/test-ports.mjs';

/** Every route in the built sitemap of the test build, as paths. */
export const sitemapRoutes = (): string[] => routesOf(TEST_DIST);

/**
 * Waits until the page's finite animations and transitions are over (the hero's entrance, a reveal's
 * fade), then two frames: mid-way, a colour or a box is neither the first nor the last. Endless
 * animations (a spinner) are left out. A busy machine only makes this take longer.
 */
export async function animationsSettled(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  });
}

/**
 * Collects console errors, page errors, failed requests and HTTP errors while `run` executes, and
 * fails the test if there were any. A request the browser aborted (`net::ERR_ABORTED`) because its
 * page was navigated away from (a click on a link while the page was still loading) is not a
 * failure: it is told apart by the main frame having navigated since that request started.
 */
export async function expectNoErrors(page: Page, run: () => Promise<void>) {
  const problems: string[] = [];
  const aborted: { text: string; document: number }[] = [];
  let documents = 0;
  const documentOf = new WeakMap<Request, number>();
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents++;
  });
  page.on('request', (request) => documentOf.set(request, documents));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    const text = `failed: ${request.url()} ${request.failure()?.errorText}`;
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && !request.isNavigationRequest())
      aborted.push({ text, document: documentOf.get(request) ?? documents });
    else problems.push(text);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await run();
  // Navigating away commits after the old page's requests are cancelled, so judge them at the end.
  for (const { text, document } of aborted) if (document >= documents) problems.push(text);
  expect(problems).toEqual([]);
}

/**
 * Asks for the booking widget in the section `sectionId`, as a visitor does: waits for its island to
 * hydrate (before that the button is a plain link to the booking page), then clicks the facade button.
 */
export async function askForBooking(page: Page, sectionId: string) {
  const section = page.locator(`[id="${sectionId}"]`);
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('astro-island')).not.toHaveAttribute('ssr');
  await section.getByRole('link', { name: 'Afficher le calendrier' }).click();
}
