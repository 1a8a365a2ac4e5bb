import { expect, type Page } from '@playwright/test';
import { sitemapRoutes as routesOf } from '../../scripts/lib/built-site.mjs';
import { TEST_DIST } from './ports';

/** Every route in the built sitemap of the test build, as paths. */
export const sitemapRoutes = (): string[] => routesOf(TEST_DIST);

/**
 * Collects console errors, page errors and failed requests while `run` executes, and fails the
 * test if there were any.
 */
export async function expectNoErrors(page: Page, run: () => Promise<void>) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  await run();
  expect(problems).toEqual([]);
}
