/**
 * The id of the element every page's first paint waits for: its title band
 * (src/components/layout/PageHero.astro), which every page opens with. The layout's
 * `<link rel="expect" blocking="render">` (src/layouts/BaseLayout.astro) holds rendering until the
 * band is fully parsed, so a browser that knows the hint paints the band whole, once, instead of
 * styling and laying out the page again after each piece of it the parser adds. Why and what it
 * costs: docs/decisions/performance.md#the-first-paint-waits-for-the-title-band.
 */
export const FIRST_PAINT_ID = 'bandeau-titre';
