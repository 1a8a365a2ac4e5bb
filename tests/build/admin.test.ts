/**
 * The visual editor is built under admin/ but stays out of the public site: not indexed, not in the
 * sitemap, linked from no page, and no public page loads any of its files. Its policy (CSP) is its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { parse } from 'yaml';
import { sitemapRoutes } from '../../scripts/lib/built-site.mjs';
import { TEST_GITHUB_PORT, TEST_SITE_ORIGIN } from '../../scripts/lib/test-ports.mjs';
import { ADMIN_DIR, DIST, builtPages, fetchAsSent } from './site';

const adminPage = readFileSync(join(ADMIN_DIR, 'index.html'), 'utf8');
/** The most JavaScript the editor may load, gzip-compressed (issue 26: copywriters' laptops and phones). */
const EDITOR_JS_CEILING = 800 * 1024;

/** The same-origin scripts a page loads: the `src` of its script tags, as paths. */
const scriptPaths = (html: string) =>
  [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map(([, src]) => src);

/** The headers the host sends for a path (lower-case names). */
async function headersFor(pathname: string) {
  return (await fetchAsSent(inject('siteOrigin'), pathname)).headers;
}

describe('the editor at /admin', () => {
  it('is built with its bundle and a generated configuration', () => {
    expect(scriptPaths(adminPage)).toEqual(['/admin/sveltia-cms.js']);
    const config = parse(readFileSync(join(ADMIN_DIR, 'config.yml'), 'utf8'));
    // The test build (scripts/test.mjs) has the sign-in button, served by the test site's Worker.
    expect(config.backend).toMatchObject({
      auth_methods: ['oauth', 'token'],
      base_url: TEST_SITE_ORIGIN,
      auth_endpoint: 'admin/auth',
    });
    expect(config.publish_mode).toBe('editorial_workflow');
    expect(config.collections.length).toBeGreaterThan(5);
  });

  it('loads at most 800 KB of gzipped JavaScript', () => {
    const gzipped = scriptPaths(adminPage)
      .map((src) => gzipSync(readFileSync(join(DIST, src)), { level: 9 }).length)
      .reduce((sum, size) => sum + size, 0);
    expect(gzipped).toBeGreaterThan(100 * 1024);
    expect(gzipped).toBeLessThanOrEqual(EDITOR_JS_CEILING);
  });

  it('is noindex and outside the sitemap', async () => {
    expect(adminPage).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect((await headersFor('/admin/'))['x-robots-tag']).toBe('noindex, nofollow');
    expect(sitemapRoutes(DIST).filter((route: string) => route.startsWith('/admin'))).toEqual([]);
  });

  it('adds nothing to the public pages: no link to it, no file of it loaded', () => {
    const offending = builtPages()
      .filter(({ html }) => /["'(]\/admin\b/.test(html))
      .map(({ route }) => route);
    expect(offending).toEqual([]);
  });

  it("has its own CSP; the public pages keep the site's, without GitHub", async () => {
    const admin = (await headersFor('/admin/'))['content-security-policy'];
    const publicPage = (await headersFor('/contact'))['content-security-policy'];
    expect(admin).toMatch(/script-src 'self';/);
    expect(admin).not.toContain('unsafe-eval');
    // 'wasm-unsafe-eval' (the site search's WebAssembly) compiles WebAssembly only, never eval.
    expect(publicPage).not.toContain("'unsafe-eval'");
    expect(admin).toMatch(/connect-src [^;]*https:\/\/api\.github\.com/);
    expect(publicPage).not.toContain('api.github.com');
    expect((await headersFor('/admin'))['content-security-policy']).toBe(admin);
    expect((await headersFor('/admin/sveltia-cms.js'))['content-security-policy']).toBe(admin);
  });

  // The test build (scripts/test.mjs sets CMS_GITHUB_API_ROOT) points the editor at the GitHub
  // stand-in of tests/e2e/cms-publish.spec.ts; tests/build/publish.test.ts checks a production one.
  it('in the test build, talks to the GitHub stand-in, from /admin only', async () => {
    const standIn = `http://127.0.0.1:${TEST_GITHUB_PORT}`;
    const config = parse(readFileSync(join(ADMIN_DIR, 'config.yml'), 'utf8'));
    expect(config.backend).toMatchObject({
      api_root: `${standIn}/api/v3`,
      graphql_api_root: `${standIn}/api/graphql`,
    });
    const admin = (await headersFor('/admin/'))['content-security-policy'];
    expect(admin).toContain(`https://api.github.com ${standIn} `);
    expect((await headersFor('/contact'))['content-security-policy']).not.toContain(standIn);
  });
});
