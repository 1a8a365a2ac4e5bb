// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REVEAL_THRESHOLD,
  closeMenuOnLeave,
  enableStylesheets,
  inlinePageScript,
  revealOnScroll,
  watchNavScroll,
} from '../../src/lib/page-scripts/layout';

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
    document.documentElement.className = '';
    document.body.innerHTML = '<div id="top" data-reveal></div><div id="below" data-reveal></div>';
    const rect = (top: number) => () => ({ top, bottom: top + 100 }) as DOMRect;
    document.getElementById('top')!.getBoundingClientRect = rect(10);
    document.getElementById('below')!.getBoundingClientRect = rect(5000);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reveals at a 10 % visibility threshold', () => {
    revealOnScroll();
    expect(REVEAL_THRESHOLD).toBe(0.1);
    expect(observers[0].options.threshold).toBe(0.1);
  });

  it('marks on-screen elements revealed at once and observes the others', () => {
    revealOnScroll();
    expect(document.getElementById('top')!.classList.contains('is-revealed')).toBe(true);
    expect(observers[0].observed.map((element) => element.id)).toEqual(['below']);
    expect(document.documentElement.classList.contains('js')).toBe(true);
  });

  it('reveals an element once it intersects, then stops observing it', () => {
    revealOnScroll();
    const below = document.getElementById('below')!;
    observers[0].callback([{ target: below, isIntersecting: true }]);
    expect(below.classList.contains('is-revealed')).toBe(true);
    expect(observers[0].observed).toEqual([]);
  });

  it('leaves everything visible (no js class) without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    // @ts-expect-error simulate an old browser
    delete window.IntersectionObserver;
    revealOnScroll();
    expect(document.documentElement.classList.contains('js')).toBe(false);
  });
});

describe('navigation bar scroll watcher', () => {
  it('sets data-nav-solid above 50 px only', () => {
    const root = document.createElement('div');
    Object.defineProperty(window, 'scrollY', { value: 50, configurable: true });
    watchNavScroll(root);
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

  it('is enabled once the page has loaded and had its first contentful paint, not before', () => {
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
  it('is self-contained: run on its own it sets the scroll state and the js flag', () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        unobserve() {}
      },
    );
    document.documentElement.removeAttribute('data-nav-solid');
    document.documentElement.className = '';
    Object.defineProperty(window, 'scrollY', { value: 51, configurable: true });
    new Function(inlinePageScript())();
    expect(document.documentElement.hasAttribute('data-nav-solid')).toBe(true);
    expect(document.documentElement.classList.contains('js')).toBe(true);
    vi.unstubAllGlobals();
  });
});
