/**
 * What every page's first paint waits for (docs/decisions/performance.md#the-first-paint-waits-for-the-title-band):
 * its head holds rendering until the title band is parsed (`<link rel="expect" blocking="render">`,
 * which a browser honours only in the head), and the band opens `<main>` and holds the page's h1,
 * so the hold covers the band and what comes before it, never the rest of the page.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { FIRST_PAINT_ID } from '../../src/lib/layout/first-paint';
import { builtPages } from './site';

type Element = NonNullable<ReturnType<typeof DomUtils.getElementById>>;
const byName = (name: string) => (element: Element) => element.name === name;
/** The first element among `parent`'s children. */
const firstElement = (parent: Element) => DomUtils.findOne(() => true, parent.children, false);

describe.each(builtPages())('$route', ({ html }) => {
  const document = parseDocument(html);
  const band = DomUtils.getElementById(FIRST_PAINT_ID, document.children);

  it('holds its first paint, from the head, until the title band is parsed', () => {
    const holds = DomUtils.findAll(
      (element) => element.name === 'link' && element.attribs.rel === 'expect',
      document.children,
    );
    expect(
      holds.map(({ attribs, parent }) => ({
        href: attribs.href,
        blocking: attribs.blocking,
        in: (parent as Element).name,
      })),
    ).toEqual([{ href: `#${FIRST_PAINT_ID}`, blocking: 'render', in: 'head' }]);
    expect(band, `an element with id="${FIRST_PAINT_ID}"`).not.toBeNull();
  });

  it('opens its main with the band, which holds its h1', () => {
    const main = DomUtils.findOne(byName('main'), document.children)!;
    // From <main> down to the band, each step is the first element: nothing else comes before it.
    let first = firstElement(main);
    while (first && first !== band) first = firstElement(first);
    expect(first, 'the first element of <main>, or the first inside it').toBe(band);
    const headings = DomUtils.findAll(byName('h1'), document.children).length;
    expect(headings, 'the page has an h1').toBeGreaterThan(0);
    expect(DomUtils.findAll(byName('h1'), [band!]), 'h1 inside the band').toHaveLength(headings);
  });
});
