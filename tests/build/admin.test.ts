/**
 * The visual editor is built under admin/ but stays out of the public site: not indexed, not in the
 * sitemap, linked from no page, and no public page loads any of its files. Its policy (CSP) is its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseHeadersFile } from '../../scripts/lib/static-server.mjs';
import { sitemapRoutes } from '../../scripts/lib/built-site.mjs';
import { ADMIN_DIR, DIST, builtPages } from './site';

const adminPage = readFileSync(join(ADMIN_DIR, 'index.html'), 'utf8');

/** The headers the static server sends for a path (later rules win, as in scripts/lib/static-server.mjs). */
function headersFor(pathname: string) {
  const rules = parseHeadersFile(readFileSync(join(DIST, '_headers'), 'utf8'));
  return Object.fromEntries(
    rules.filter((rule) => rule.pattern.test(pathname)).flatMap((rule) => rule.headers),
  );
}

describe('the editor at /admin', () => {
  it('is built with its bundle and a generated configuration', () => {
    expect(adminPage).toContain('<script src="/admin/decap-cms.js" defer></script>');
    expect(readFileSync(join(ADMIN_DIR, 'decap-cms.js')).length).toBeGreaterThan(1_000_000);
    const config = parse(readFileSync(join(ADMIN_DIR, 'config.yml'), 'utf8'));
    expect(config.locale).toBe('fr');
    expect(config.collections.length).toBeGreaterThan(5);
  });

  it('is noindex and outside the sitemap', () => {
    expect(adminPage).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(headersFor('/admin')['X-Robots-Tag']).toBe('noindex, nofollow');
    expect(sitemapRoutes(DIST).filter((route: string) => route.startsWith('/admin'))).toEqual([]);
  });

  it('adds nothing to the public pages: no link to it, no file of it loaded', () => {
    const offending = builtPages()
      .filter(({ html }) => /["'(]\/admin\b/.test(html))
      .map(({ route }) => route);
    expect(offending).toEqual([]);
  });

  it("has its own Content-Security-Policy; the public pages keep the site's, without eval", () => {
    const admin = headersFor('/admin')['Content-Security-Policy'];
    const publicPage = headersFor('/contact')['Content-Security-Policy'];
    expect(admin).toMatch(/script-src 'self' 'unsafe-eval';/);
    expect(admin).toMatch(/connect-src [^;]*https:\/\/api\.github\.com http:\/\/localhost:\d+/);
    expect(publicPage).not.toContain('unsafe-eval');
    expect(publicPage).not.toContain('api.github.com');
    expect(headersFor('/admin/decap-cms.js')['Content-Security-Policy']).toBe(admin);
  });
});
