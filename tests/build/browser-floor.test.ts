/**
 * The site's CSS as a browser at the floor reads it (`browserslist` in package.json: Safari/iOS 16.4,
 * Chrome 111; docs/decisions/look.md#the-browser-floor). Such a browser drops a declaration it cannot
 * parse, and a colour written only as `light-dark()` (Safari before 17.5, Chrome before 123) would
 * fall back to its initial value: white buttons on white, text the colour of its parent. The build
 * lowers `light-dark()` (Lightning CSS: a pair of custom properties that `color-scheme` switches), so
 * each page's CSS, inline and linked, must hold no such declaration, and must switch the pair where
 * everything inherits it from: the root.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss, { type Declaration } from 'postcss';
import { describe, expect, it } from 'vitest';
import { DIST, builtPages } from './site';

/** Colour functions newer than the floor, each a declaration that browser would drop. */
const NEWER_THAN_FLOOR = /\blight-dark\(/;
/** The custom properties Lightning CSS writes in place of `light-dark()`. */
const SWITCH = /var\(--lightningcss-(light|dark)/;

/** The CSS a page uses: its `<style>` elements and the stylesheets it links. */
function pageCss(html: string): { source: string; css: string }[] {
  const inline = Array.from(html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g), (match) => ({
    source: 'inline <style>',
    css: match[1],
  }));
  const linked = Array.from(
    new Set(
      Array.from(html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g), (m) => m[1]),
    ),
    (href) => ({ source: href, css: readFileSync(join(DIST, href), 'utf8') }),
  );
  return [...inline, ...linked];
}

/** Where a declaration sits: its rule's selector, or its at-rule. */
const placeOf = (declaration: Declaration) =>
  declaration.parent?.type === 'rule'
    ? (declaration.parent as postcss.Rule).selector
    : `@${(declaration.parent as postcss.AtRule | undefined)?.name}`;

describe.each(builtPages())('$route', ({ html }) => {
  const sheets = pageCss(html);

  it('has no colour a browser at the floor would drop', () => {
    const dropped: string[] = [];
    for (const { source, css } of sheets)
      postcss.parse(css).walkDecls((declaration) => {
        if (NEWER_THAN_FLOOR.test(declaration.value))
          dropped.push(`${source}: ${placeOf(declaration)} { ${declaration.toString()} }`);
      });
    expect(dropped).toEqual([]);
  });

  it('switches lowered colours at the root in both themes, never on a backdrop', () => {
    const uses = sheets.some(({ css }) => SWITCH.test(css));
    if (!uses) return;
    const inline = postcss.parse(
      sheets
        .filter(({ source }) => source.startsWith('inline'))
        .map(({ css }) => css)
        .join(''),
    );
    const rootSets: string[] = [];
    const onBackdrop: string[] = [];
    inline.walkDecls(/^--lightningcss-light$/, (declaration) => {
      const rule = declaration.parent as postcss.Rule;
      if (!/^(html|:root)$/.test(rule.selector ?? '')) return;
      let media = '';
      for (let parent = rule.parent; parent?.type === 'atrule'; parent = parent.parent)
        if ((parent as postcss.AtRule).name === 'media') media = (parent as postcss.AtRule).params;
      rootSets.push(`${media || 'all'}: ${declaration.value.trim() || '(empty)'}`);
    });
    for (const { css } of sheets)
      postcss.parse(css).walkDecls((declaration) => {
        const selector = (declaration.parent as postcss.Rule).selector ?? '';
        if (SWITCH.test(declaration.value) && selector.includes('::backdrop'))
          onBackdrop.push(`${selector} { ${declaration.toString()} }`);
      });
    expect(rootSets).toEqual(
      expect.arrayContaining(['all: initial', '(prefers-color-scheme:dark): (empty)']),
    );
    expect(onBackdrop).toEqual([]);
  });

  // Tailwind's base styles reset Firefox's own ring (`:-moz-focusring`): after the site's ring, in
  // the same layer, the reset wins and Firefox draws its thin native ring (src/integrations/page-css.ts).
  it('gives Firefox the designed focus ring: its reset inline, before the site’s ring', () => {
    const inline = sheets
      .filter(({ source }) => source.startsWith('inline'))
      .map(({ css }) => css)
      .join('');
    const reset = inline.indexOf(':-moz-focusring');
    const ring = inline.indexOf(':focus-visible{outline:3px');
    expect(ring, 'the site’s focus ring, inline').toBeGreaterThan(-1);
    expect(reset, 'the reset, inline').toBeGreaterThan(-1);
    expect(reset).toBeLessThan(ring);
    const deferred = sheets.filter(({ source }) => source.includes('/deferred.'));
    expect(deferred.filter(({ css }) => css.includes(':-moz-focusring'))).toEqual([]);
  });
});
