// The headers the host sends with every page, as the test build serves them.
import { expect, test } from '@playwright/test';
import { TEST_BOOKING_URL, TEST_SUPABASE_URL } from '../../scripts/lib/test-ports.mjs';
import { builtPages } from '../build/site';
import { inlineScriptHashes } from '../../src/integrations/security-headers';

/** A response's Content-Security-Policy, as its sources by directive. */
function policyOf(headers: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(
    headers['content-security-policy'].split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

test('the security headers allow the site, Supabase, the booking frame, hashed scripts', async ({
  request: http,
}) => {
  const response = await http.get('/contact');
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d{8,}/);

  const policy = policyOf(headers);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", TEST_SUPABASE_URL]));
  expect(policy['frame-src']).toEqual([new URL(TEST_BOOKING_URL).origin]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['form-action']).toEqual(["'self'", `${TEST_SUPABASE_URL}/functions/v1/form-post`]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");
});

test('each page’s policy allows the inline scripts it runs, and no other page’s', async ({
  request: http,
}) => {
  const pages = builtPages();
  const notFound = inlineScriptHashes(pages.find(({ route }) => route === '/404')!.html);
  const wrong: Record<string, { missing: string[]; foreign: string[] }> = {};
  for (const { route, html } of pages) {
    const own = inlineScriptHashes(html);
    const allowed = policyOf((await http.get(route)).headers())['script-src'].filter((source) =>
      source.startsWith("'sha256-"),
    );
    const missing = own.filter((hash) => !allowed.includes(hash));
    const foreign = allowed.filter((hash) => !own.includes(hash) && !notFound.includes(hash));
    if (missing.length || foreign.length) wrong[route] = { missing, foreign };
  }
  expect(wrong, 'src/integrations/security-headers.ts').toEqual({});
  // Islands run on some pages only: the others do not allow their runtime.
  const allHashes = new Set(pages.flatMap(({ html }) => inlineScriptHashes(html)));
  const faq = policyOf((await http.get('/faq')).headers())['script-src'];
  expect([...allHashes].filter((hash) => !faq.includes(hash)).length).toBeGreaterThan(0);
});

test('an unknown address, under a folder rule too, allows the 404 page’s scripts', async ({
  request: http,
}) => {
  for (const path of ['/nulle-part', '/blog/nulle-part']) {
    const response = await http.get(path);
    expect(response.status(), path).toBe(404);
    const allowed = policyOf(response.headers())['script-src'];
    const missing = inlineScriptHashes(await response.text()).filter(
      (hash) => !allowed.includes(hash),
    );
    expect(missing, path).toEqual([]);
  }
});
