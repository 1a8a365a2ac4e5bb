// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REVEAL_THRESHOLD,
  closeMenuOnLeave,
  enableStylesheets,
  revealOnScroll,
  watchNavScroll,
} from '../../src/lib/page-scripts/layout';
import { NAV_SCROLL_THRESHOLD } from '../../src/lib/page-scripts/navbar';
import { runInlinePageScript } from './support/page-script';

type Callback = (entries: { target: Element; isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; options: IntersectionObserverInit; observed: Element[] }[] =
  [];

class FakeObserver {
  observed: Element[] = [];
  constructor(
    public callback: Callback,
    public options: IntersectionObserverInit,
  ) {
    observers.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve(element: Element) {
    this.observed = this.observed.filter((item) => item !== element);
  }
  disconnect() {}
}

describe('scroll reveal', () => {
  beforeEach(() => {
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    document.body.innerHTML = '<div id="top" data-reveal></div><div id="below" data-reveal></div>';
  });
  afterEach(() => vi.unstubAllGlobals());
  const element = (id: string) => document.getElementById(id)!;
  /** The observer's first report: `top` on screen, `below` off it. */
  const firstReport = () =>
    observers[0].callback([
      { target: element('top'), isIntersecting: true },
      { target: element('below'), isIntersecting: false },
    ]);

  it('observes every element to reveal at a 10 % visibility threshold', () => {
    revealOnScroll(REVEAL_THRESHOLD);
    expect(REVEAL_THRESHOLD).toBe(0.1);
    expect(observers[0].options.threshold).toBe(0.1);
    expect(observers[0].observed.map(({ id }) => id)).toEqual(['top', 'below']);
  });

  it('hides only what the first report finds off screen, and leaves the rest untouched', () => {
    revealOnScroll(REVEAL_THRESHOLD);
    firstReport();
    expect(element('top').className, 'on screen: never hidden, nothing to fade').toBe('');
    expect(element('below').classList.contains('reveal-pending')).toBe(true);
    expect(observers[0].observed.map(({ id }) => id)).toEqual(['below']);
  });

  it('reveals a waiting element once it intersects, then stops observing it', () => {
    revealOnScroll(REVEAL_THRESHOLD);
    firstReport();
    observers[0].callback([{ target: element('below'), isIntersecting: true }]);
    expect(element('below').classList.contains('is-revealed')).toBe(true);
    expect(observers[0].observed).toEqual([]);
  });
});

describe('navigation bar scroll watcher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sets data-nav-solid above 50 px only, first in the next frame, then on scroll', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    const root = document.createElement('div');
    Object.defineProperty(window, 'scrollY', { value: 80, configurable: true });
    watchNavScroll(root, NAV_SCROLL_THRESHOLD);
    expect(root.hasAttribute('data-nav-solid'), 'not read while the script runs').toBe(false);
    frames.forEach((frame) => frame(0));
    expect(root.hasAttribute('data-nav-solid')).toBe(true);
    Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    expect(root.hasAttribute('data-nav-solid')).toBe(false);
    Object.defineProperty(window, 'scrollY', { value: 51, configurable: true });
    window.dispatchEvent(new Event('scroll'));
    expect(root.hasAttribute('data-nav-solid')).toBe(true);
  });
});

describe('menu completion', () => {
  let menu: HTMLElement;
  let hide: ReturnType<typeof vi.fn<() => void>>;
  beforeEach(() => {
    document.body.innerHTML = `<button id="toggle" popovertarget="menu-mobile">Menu</button>
      <div id="menu-mobile" popover><a id="link" href="#x">Lien</a></div><a id="after" href="#y">Après</a>`;
    menu = document.getElementById('menu-mobile')!;
    hide = vi.fn<() => void>();
    menu.hidePopover = hide;
    closeMenuOnLeave(menu);
  });
  const leaveFor = (id: string) =>
    menu.dispatchEvent(
      new FocusEvent('focusout', { relatedTarget: document.getElementById(id), bubbles: true }),
    );

  it('closes when a link in the menu is followed', () => {
    document.getElementById('link')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(hide).toHaveBeenCalledOnce();
  });
  it('closes when focus leaves it for the page, not for its own links or its toggle', () => {
    leaveFor('link');
    leaveFor('toggle');
    expect(hide).not.toHaveBeenCalled();
    leaveFor('after');
    expect(hide).toHaveBeenCalledOnce();
  });
});

describe('deferred stylesheet', () => {
  type PaintCallback = (entries: { getEntriesByName: (name: string) => unknown[] }) => void;
  let paintObservers: PaintCallback[] = [];
  const disabled = () => document.querySelector('link[rel=stylesheet]')!.hasAttribute('disabled');
  /** Paint Timing reports the entries named `names` to every paint observer. */
  const paint = (...names: string[]) => {
    for (const callback of paintObservers)
      callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) });
  };

  beforeEach(() => {
    paintObservers = [];
    document.head.innerHTML = '<link rel="stylesheet" href="/_astro/site.css" disabled>';
    vi.stubGlobal(
      'PerformanceObserver',
      class {
        constructor(public callback: PaintCallback) {}
        observe(options: PerformanceObserverInit) {
          if (options.type === 'paint' && options.buffered) paintObservers.push(this.callback);
        }
      },
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is enabled once the page has loaded and painted, not before', () => {
    enableStylesheets();
    paint('first-paint', 'first-contentful-paint');
    expect(disabled(), 'painted, not loaded yet').toBe(true);
    window.dispatchEvent(new Event('load'));
    paint('first-paint');
    expect(disabled(), 'loaded, only a first (not contentful) paint').toBe(true);
    paint('first-contentful-paint');
    expect(disabled()).toBe(false);
  });
});

describe('inline page script', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is self-contained: run on its own it observes the elements to reveal', () => {
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    document.body.innerHTML = '<div data-reveal></div>';
    runInlinePageScript();
    expect(observers[0].observed).toHaveLength(1);
  });

  // Reading the layout (a box, the scroll position, the viewport's size) while the script runs, at
  // the end of the document, makes the browser lay out the whole page there and then, on top of the
  // layout of its next frame; a read after a write makes it do so again for each pair.
  it('reads no layout while it runs', () => {
    observers = [];
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('requestAnimationFrame', () => 0);
    document.body.innerHTML =
      '<nav><div id="menu-mobile" popover></div></nav><div data-reveal></div><div data-reveal></div>';
    const reads: string[] = [];
    const restore: (() => void)[] = [];
    /** Records each read of `property` on `target` (a getter, or a method such as a box). */
    const spy = (target: object, property: string) => {
      const own = Object.getOwnPropertyDescriptor(target, property);
      const method = typeof own?.value === 'function';
      Object.defineProperty(target, property, {
        configurable: true,
        get: () => {
          reads.push(property);
          return method ? () => new DOMRect() : 0;
        },
      });
      restore.push(() =>
        own
          ? Object.defineProperty(target, property, own)
          : Reflect.deleteProperty(target, property),
      );
    };
    for (const property of ['scrollY', 'scrollX', 'innerHeight', 'innerWidth', 'pageYOffset'])
      spy(window, property);
    for (const property of ['getBoundingClientRect', 'getClientRects'])
      spy(Element.prototype, property);
    for (const property of ['offsetTop', 'offsetHeight', 'offsetWidth', 'clientHeight'])
      spy(HTMLElement.prototype, property);
    try {
      runInlinePageScript();
    } finally {
      restore.forEach((undo) => undo());
    }
    expect(reads).toEqual([]);
  });
});
