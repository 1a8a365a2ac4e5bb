/**
 * A visitor's own settings, as WCAG 2.2 AA asks and axe does not check: checks run in the page, each
 * self-contained (Playwright and the other engines' drivers send a function's source), each returning
 * what is wrong in words, empty when nothing is. Used by tests/e2e/visitor-settings.spec.ts (Chromium).
 */

/** The text-spacing override of WCAG 1.4.12 (the bookmarklet's values). */
export const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/**
 * Every card drawn as it is once the visitor scrolls near it: off screen, a `.render-near` card keeps a
 * placeholder height (content-visibility, src/styles/global.css) that its text would seem to overflow.
 */
export const ALL_DRAWN = '.render-near { content-visibility: visible !important; }';

/** The text size a visitor sets for 200 % (1.4.4): the browser's default font size, 16 px twice. */
export const DOUBLE_TEXT_PX = 32;

/**
 * Text cut: a line of text drawn past the edge of an ancestor that clips (`overflow: hidden` or
 * `clip`), or across the screen's left or right edge. Visually hidden text (the `sr-only` pattern: a
 * 1 px clipping box) is meant to be clipped and left out.
 */
export function cutText(): string[] {
  const faults: string[] = [];
  const width = document.documentElement.clientWidth;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent!.trim();
    const parent = node.parentElement!;
    if (!text || parent.closest('script, style, template, noscript, svg, [aria-hidden="true"]'))
      continue;
    range.selectNodeContents(node);
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
    if (!lines.length) continue;
    const where = `« ${text.slice(0, 40)} » (<${parent.localName} class="${parent.className}">)`;
    let hiddenOnPurpose = false;
    for (let box = parent; box && box !== document.body; box = box.parentElement!) {
      const style = getComputedStyle(box);
      if (!/hidden|clip/.test(`${style.overflowX} ${style.overflowY}`)) continue;
      const edge = box.getBoundingClientRect();
      hiddenOnPurpose = edge.width <= 1 || edge.height <= 1; // the sr-only pattern
      if (hiddenOnPurpose) break;
      const out = lines.some(
        (line) =>
          line.left < edge.left - 1 ||
          line.right > edge.right + 1 ||
          line.top < edge.top - 1 ||
          line.bottom > edge.bottom + 1,
      );
      if (out) {
        faults.push(`${where} cut by <${box.localName} class="${box.className}">`);
        break;
      }
    }
    // Straddling an edge: text wholly off screen is put there on purpose (the skip link) or makes
    // the page scroll sideways, which sidewaysScroll() tells.
    const straddles = (line: DOMRect) =>
      (line.left < -1 && line.right > 0) || (line.right > width + 1 && line.left < width);
    if (!hiddenOnPurpose && lines.some(straddles)) faults.push(`${where} past the screen's edge`);
  }
  return faults;
}

/** The page wider than the screen (a horizontal scroll). */
export function sidewaysScroll(): string[] {
  const { scrollWidth, clientWidth } = document.documentElement;
  return scrollWidth > clientWidth ? [`${scrollWidth} px wide on a ${clientWidth} px screen`] : [];
}

/** The header's shown items (brand, links, buttons) drawn over one another. */
export function headerOverlaps(): string[] {
  const items = [
    ...document.querySelectorAll('.site-header nav > a, .site-header nav > ul a'),
    ...document.querySelectorAll('.site-header nav > div > :is(a, button)'),
  ]
    .map((element) => ({ element, box: element.getBoundingClientRect() }))
    .filter(({ box }) => box.width > 0 && box.height > 0);
  const faults: string[] = [];
  const name = (element: Element) =>
    element.getAttribute('aria-label') ?? element.textContent!.trim();
  items.forEach((a, index) => {
    for (const b of items.slice(index + 1))
      if (
        a.box.left < b.box.right - 1 &&
        b.box.left < a.box.right - 1 &&
        a.box.top < b.box.bottom - 1 &&
        b.box.top < a.box.bottom - 1
      )
        faults.push(`header: « ${name(a.element)} » over « ${name(b.element)} »`);
  });
  return faults;
}

/**
 * A button's (or a button-like link's) shown label running out of it. Its visually hidden words (the
 * sr-only pattern: a 1 px clipping box, as « au poste … » after « Postuler ») are left out.
 */
export function labelsOutOfButtons(): string[] {
  const faults: string[] = [];
  const buttons = document.querySelectorAll('button, a.rounded-full, input[type="submit"]');
  const range = document.createRange();
  for (const button of buttons) {
    const box = button.getBoundingClientRect();
    if (box.width === 0) continue;
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      let hidden = false;
      for (
        let parent = node.parentElement;
        parent && parent !== button;
        parent = parent.parentElement
      ) {
        const edge = parent.getBoundingClientRect();
        hidden ||= edge.width <= 1 || edge.height <= 1;
      }
      if (hidden || !node.textContent!.trim()) continue;
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      if (text.left < box.left - 1 || text.right > box.right + 1) {
        faults.push(`« ${button.textContent!.trim().slice(0, 40)} » runs out of its button`);
        break;
      }
    }
  }
  return faults;
}

/**
 * Every shown button (and `<summary>`, a button too) drawn with a border of its own, in a colour
 * other than the page's ground: under forced colours, the border is all that tells it from a label.
 */
export function buttonsWithoutBoundary(): string[] {
  const canvas = getComputedStyle(document.body).backgroundColor;
  const faults: string[] = [];
  for (const button of document.querySelectorAll('button, summary, input[type="submit"]')) {
    if (button.getBoundingClientRect().width === 0) continue;
    const style = getComputedStyle(button);
    const sides = ['Top', 'Right', 'Bottom', 'Left'] as const;
    const drawn = sides.every((side) => {
      const colour = style.getPropertyValue(`border-${side.toLowerCase()}-color`);
      return (
        parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)) >= 1 &&
        style.getPropertyValue(`border-${side.toLowerCase()}-style`) !== 'none' &&
        colour !== canvas &&
        colour !== 'rgba(0, 0, 0, 0)'
      );
    });
    if (!drawn) {
      const name = button.getAttribute('aria-label') ?? button.textContent!.trim().slice(0, 40);
      faults.push(`« ${name} » (<${button.localName}>) has no boundary`);
    }
  }
  return faults;
}
