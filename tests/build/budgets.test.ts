import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIST, builtPages, gzipSize, initialJavaScript } from './site';

/** DESIGN.md budgets: React runtime (~69 KB gzip) + at most ~10 KB of island code per page. */
const JS_BUDGET_GZIP = 80 * 1024;
/**
 * Issue 10: all inline script of a page (navigation bar, reveal, menu, filter, island loader), gzip.
 * Astro's island runtime is not inline: it loads from a cached file (src/integrations/island-runtime.ts).
 */
const INLINE_SCRIPT_BUDGET_GZIP = 1024;
/**
 * Issue 10: HTML with its inlined CSS fits the first round trip (14.6 KB: 10 TCP segments of 1,460
 * bytes, the initial congestion window, plus headers), gzip.
 */
const HTML_BUDGET_GZIP = 14_950;
/** The page's inline scripts (not JSON-LD), split into Astro's island bootstrap and the site's own. */
function inlineScripts(html: string) {
  const bodies = [
    ...html.matchAll(
      /<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ].map((match) => match[1]);
  const isAstro = (body: string) => /customElements\.define\("astro-island"|self\.Astro/.test(body);
  return {
    own: bodies.filter((body) => !isAstro(body)).join('\n'),
    astro: bodies.filter(isAstro).join('\n'),
  };
}

describe.each(builtPages())('budget of $route', ({ html }) => {
  it('loads at most 80 KB of gzipped JavaScript before any interaction', () => {
    const { files, inlineGzip } = initialJavaScript(html);
    const total = [...files.values()].reduce((sum, size) => sum + size, inlineGzip);
    expect(total, `JS files: ${[...files.keys()].join(', ')}`).toBeLessThanOrEqual(JS_BUDGET_GZIP);
  });

  it('has no render-blocking script or stylesheet', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    const blockingScripts = [...head.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => !/type="module"|\basync\b|\bdefer\b/.test(tag));
    expect(blockingScripts).toEqual([]);
    expect(head.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? []).toEqual([]);
  });

  it("carries at most 1 KB gzip of inline script, Astro's island runtime not inline", () => {
    const { own, astro } = inlineScripts(html);
    expect(own, 'the layout script is inline on every page').not.toBe('');
    expect(gzipSize(own)).toBeLessThanOrEqual(INLINE_SCRIPT_BUDGET_GZIP);
    expect(astro).toBe('');
    if (html.includes('<astro-island')) {
      const runtime = /`(\/_astro\/islands\.[\w-]+\.js)`/.exec(own)?.[1];
      expect(runtime, 'the island loader names the runtime file').toBeDefined();
      expect(existsSync(join(DIST, runtime!)), `${runtime} is built`).toBe(true);
    }
  });

  it('has no external script before interaction (islands load when visible or later)', () => {
    expect(html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? []).toEqual([]);
    expect(html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? []).toEqual([]);
    for (const match of html.matchAll(/<astro-island[^>]*\sclient="([^"]+)"/g))
      expect(match[1]).toBe('visible');
  });

  it('fits the first round trip: at most 14.6 KB gzip of HTML, inlined CSS included', () => {
    expect(gzipSize(html)).toBeLessThanOrEqual(HTML_BUDGET_GZIP);
  });

  it('never loads supabase-js up front', () => {
    const { files } = initialJavaScript(html);
    for (const url of files.keys()) expect(url).not.toMatch(/supabase|postgrest|realtime/i);
  });
});
