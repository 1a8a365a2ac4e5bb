import { describe, expect, it } from 'vitest';
import { builtPages, initialJavaScript } from './site';

/** DESIGN.md budgets: React runtime (~69 KB gzip) + at most ~10 KB of island code per page. */
const JS_BUDGET_GZIP = 80 * 1024;

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

  it('never loads supabase-js up front', () => {
    const { files } = initialJavaScript(html);
    for (const url of files.keys()) expect(url).not.toMatch(/supabase|postgrest|realtime/i);
  });
});
