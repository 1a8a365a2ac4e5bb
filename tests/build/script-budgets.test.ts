/**
 * Code budgets on the real pages, which copy does not move: JavaScript before interaction, the site's
 * own inline script, nothing render-blocking, no external script. The response size is split in two:
 * what the code adds, on fixed content (tests/build/code-budgets.test.ts), and what the copy adds
 * (tests/build/copy-budgets.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { activeHtml, builtPages, gzipSize, initialJavaScript } from './site';

/** JavaScript budget, gzip: React's runtime and a few small islands per page. */
const JS_BUDGET_GZIP = 80 * 1024;
/**
 * The site's own inline script on a page (navigation bar, reveal, menu, filter, search on demand,
 * stylesheet loader), gzip. Astro's island runtime, inlined by Astro on pages with an island, is not
 * the site's. Never raised: win the bytes back instead.
 */
const INLINE_SCRIPT_BUDGET_GZIP = 1_024;
/**
 * Pages known to load more JavaScript before interaction than JS_BUDGET_GZIP, with their ceiling.
 * Lower, never raise; a page that fits is taken off the list (/contact, which hydrates the form and
 * the booking facade, fits since its dynamic imports no longer preload their dependencies: 81.8 KB).
 */
const OVER_JS_BUDGET: Record<string, number> = {};
/**
 * The one script a page may load up front: the 404 page logs the path asked for (the spec's « path
 * logged »), from a file so that no page's CSP header carries the hash of an inline script.
 */
const UP_FRONT_SCRIPTS: Record<string, string[]> = {
  '/404': ['<script src="/not-found.js" defer>'],
};
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

describe.each(builtPages())('budget of $route', ({ route, html }) => {
  it('loads at most 80 KB of gzipped JavaScript before any interaction', () => {
    const { files, inlineGzip } = initialJavaScript(html);
    const total = [...files.values()].reduce((sum, size) => sum + size, inlineGzip);
    expect(total, `JS files: ${[...files.keys()].join(', ')}`).toBeLessThanOrEqual(
      OVER_JS_BUDGET[route] ?? JS_BUDGET_GZIP,
    );
    if (route in OVER_JS_BUDGET)
      expect(total, 'fits now: take it off OVER_JS_BUDGET').toBeGreaterThan(JS_BUDGET_GZIP);
  });

  it('has no render-blocking script or stylesheet', () => {
    // Without JavaScript a <noscript> link loads the stylesheet: blocking is then the point.
    const head = html
      .slice(0, html.indexOf('</head>'))
      .replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
    const blockingScripts = [...head.matchAll(/<script\b[^>]*\bsrc=[^>]*>/g)]
      .map((match) => match[0])
      .filter((tag) => !/type="module"|\basync\b|\bdefer\b/.test(tag));
    expect(blockingScripts).toEqual([]);
    // The site's stylesheet is linked `disabled` until the page has loaded (page-css.ts).
    const blockingStyles = (head.match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? []).filter(
      (tag) => !/\sdisabled\b/.test(tag),
    );
    expect(blockingStyles).toEqual([]);
  });

  it("carries at most 1 KB gzip of the site's own inline script", () => {
    const { own, astro } = inlineScripts(html);
    expect(own, 'the layout script is inline on every page').not.toBe('');
    expect(gzipSize(own)).toBeLessThanOrEqual(INLINE_SCRIPT_BUDGET_GZIP);
    expect(astro !== '', "Astro's island runtime only where there is an island").toBe(
      html.includes('<astro-island'),
    );
  });

  it('has no external script before interaction (islands load when visible or later)', () => {
    expect(html.match(/<script[^>]*\ssrc=[^>]*>/g) ?? []).toEqual(UP_FRONT_SCRIPTS[route] ?? []);
    expect(activeHtml(html).match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? []).toEqual([]);
    for (const match of html.matchAll(/<astro-island[^>]*\sclient="([^"]+)"/g))
      expect(match[1]).toBe('visible');
  });

  it('never loads supabase-js up front', () => {
    const { files } = initialJavaScript(html);
    for (const url of files.keys()) expect(url).not.toMatch(/supabase|postgrest|realtime/i);
  });
});
