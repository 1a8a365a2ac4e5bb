import { describe, expect, it } from 'vitest';
import { builtPages, gzipSize, initialJavaScript } from './site';

/** DESIGN.md budgets: React runtime (~69 KB gzip) + at most ~10 KB of island code per page. */
const JS_BUDGET_GZIP = 80 * 1024;
/** Issue 10: the site's own inline scripts (navigation bar, reveal, menu, filter), gzip. */
const OWN_INLINE_BUDGET_GZIP = 1024;
/** Astro's island bootstrap (the astro-island element and its directives), inline on island pages. */
const ISLAND_BOOTSTRAP_GZIP = 2.2 * 1024;
/**
 * HTML with its inlined CSS, gzip: a guard against growth at today's largest page (the home page).
 * Issue 10's target is 14.6 KB (the first round trip), not met yet: see the README.
 */
const HTML_BUDGET_GZIP = 21 * 1024;

/** The page's inline scripts (not JSON-LD), split into Astro's island bootstrap and the site's own. */
function inlineScripts(html: string) {
  const bodies = [
    ...html.matchAll(
      /<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ].map((match) => match[1]);
  const isAstro = (body: string) => /astro-island|self\.Astro/.test(body);
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

  it("carries at most 1 KB gzip of its own inline script, plus Astro's island bootstrap only where it has islands", () => {
    const { own, astro } = inlineScripts(html);
    expect(own, 'the layout script is inline on every page').not.toBe('');
    expect(gzipSize(own)).toBeLessThanOrEqual(OWN_INLINE_BUDGET_GZIP);
    if (!html.includes('<astro-island')) expect(astro).toBe('');
    else expect(gzipSize(astro)).toBeLessThanOrEqual(ISLAND_BOOTSTRAP_GZIP);
  });

  it('has no external script before interaction (islands load when visible or later)', () => {
    expect(html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? []).toEqual([]);
    expect(html.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? []).toEqual([]);
    for (const match of html.matchAll(/<astro-island[^>]*\sclient="([^"]+)"/g))
      expect(match[1]).toBe('visible');
  });

  it('stays within the HTML guard (inlined CSS included)', () => {
    expect(gzipSize(html)).toBeLessThanOrEqual(HTML_BUDGET_GZIP);
  });

  it('never loads supabase-js up front', () => {
    const { files } = initialJavaScript(html);
    for (const url of files.keys()) expect(url).not.toMatch(/supabase|postgrest|realtime/i);
  });
});
