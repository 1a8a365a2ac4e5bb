// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { displayFaceOnceCached } from '../../src/lib/page-scripts/display-face';

const FILE = '/_astro/fonts/face.woff2';
const root = document.documentElement;

/** Runs the head script; returns what it set up for `load`, called as the browser would. */
function run() {
  const onLoad: (() => void)[] = [];
  const spy = vi.spyOn(window, 'addEventListener').mockImplementation((type, listener) => {
    if (type === 'load') onLoad.push(listener as () => void);
  });
  displayFaceOnceCached(FILE);
  spy.mockRestore();
  return () => onLoad.forEach((listener) => listener());
}

describe('displayFaceOnceCached (the head script)', () => {
  let fetched: string[];
  beforeEach(() => {
    localStorage.clear();
    delete root.dataset.face;
    fetched = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => (fetched.push(url), new Response('woff2'))),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('on a first view: no face, nothing fetched before load, the file after it', async () => {
    const load = run();
    expect(root.dataset.face).toBeUndefined();
    expect(fetched).toEqual([]);
    load();
    await vi.waitFor(() => expect(localStorage.face).toBe(FILE));
    expect(fetched).toEqual([FILE]);
    expect(root.dataset.face, 'never turned on in the view that fetched it').toBeUndefined();
  });

  it('on a later view: the face at once, nothing fetched', () => {
    localStorage.face = FILE;
    const load = run();
    expect(root.dataset.face).toBe('');
    load();
    expect(fetched).toEqual([]);
  });

  it('after a deploy that renamed the file: fetched anew, not shown', async () => {
    localStorage.face = '/_astro/fonts/old.woff2';
    const load = run();
    expect(root.dataset.face).toBeUndefined();
    load();
    await vi.waitFor(() => expect(localStorage.face).toBe(FILE));
  });

  it('keeps nothing when the request fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    run()();
    await new Promise((done) => setTimeout(done, 0));
    expect(localStorage.face).toBeUndefined();
  });
});
