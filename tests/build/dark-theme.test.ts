/**
 * The dark theme changes colours, nothing else (docs/decisions/look.md, « Dark theme »): in every
 * built stylesheet, a rule under `prefers-color-scheme: dark` sets only colours (and the custom
 * properties that carry them). The end-to-end run relies on it: it judges the dark theme's colours
 * on each page, not its markup and layout a second time (tests/e2e/a11y.spec.ts, `COLOUR_RULES`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { DIST } from './site';

/** Properties that set a colour, and the custom properties the build writes colours through. */
const COLOUR =
  /^(color|background-color|background-image|border(-(top|right|bottom|left|block|inline))?-color|outline-color|text-decoration-color|caret-color|accent-color|fill|stroke|--lightningcss-(light|dark)|--tw-gradient-[a-z-]+)$/;

const stylesheets = readdirSync(join(DIST, '_astro')).filter((name) => name.endsWith('.css'));

describe('the dark theme', () => {
  it('is built into the stylesheets', () => {
    const dark = stylesheets.filter((name) =>
      /prefers-color-scheme:\s*dark/.test(readFileSync(join(DIST, '_astro', name), 'utf8')),
    );
    expect(dark.length, 'stylesheets with a dark-theme rule').toBeGreaterThan(0);
  });

  it.each(stylesheets)('sets only colours in %s', (name) => {
    const others: string[] = [];
    postcss
      .parse(readFileSync(join(DIST, '_astro', name), 'utf8'))
      .walkAtRules('media', (media) => {
        if (!/prefers-color-scheme:\s*dark/.test(media.params)) return;
        media.walkDecls((declaration) => {
          if (!COLOUR.test(declaration.prop))
            others.push(`${(declaration.parent as postcss.Rule).selector} { ${declaration.prop} }`);
        });
      });
    expect(others, `declarations under prefers-color-scheme: dark in _astro/${name}`).toEqual([]);
  });
});
