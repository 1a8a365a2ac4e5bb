// The headers the host sends with every page, as the test build serves them.
import { expect, test } from '@playwright/test';
import { TEST_BOOKING_URL, TEST_SUPABASE_URL } from '../support/ports';
import { builtPages } from '../build/site';
import { inlineScriptHashes } from '../../src/integrations/security-headers';

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

  const policy = Object.fromEntries(
    headers['content-security-policy'].split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", TEST_SUPABASE_URL]));
  expect(policy['frame-src']).toEqual([new URL(TEST_BOOKING_URL).origin]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['form-action']).toEqual(["'self'", `${TEST_SUPABASE_URL}/functions/v1/form-post`]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");

  const missing = new Map<string, string>();
  for (const { file, html } of builtPages()) {
    for (const hash of inlineScriptHashes(html)) {
      if (!policy['script-src'].includes(hash)) missing.set(hash, file);
    }
  }
  expect(
    Object.fromEntries(missing),
    'inline scripts missing from script-src (src/integrations/security-headers.ts)',
  ).toEqual({});
});
