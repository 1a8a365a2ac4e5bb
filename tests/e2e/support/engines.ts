/**
 * The site's other engines, driven the way their own tools drive them (tests/e2e/engines.spec.ts):
 * Firefox (Debian's `firefox-esr`) through puppeteer-core over WebDriver BiDi (firefox.ts), and
 * WebKit, Safari's engine (Debian's `webkit2gtk-driver`: WebKitWebDriver and its MiniBrowser), over
 * classic WebDriver, in an X server of its own, Xvfb (webkit.ts). Both behind one small interface,
 * `Visitor`.
 */
import { existsSync } from 'node:fs';
import { FIREFOX, openFirefox } from './firefox';
import { openWebKit, WEBKIT_DRIVER, XVFB } from './webkit';

export const ENGINES = { firefox: FIREFOX, webkit: WEBKIT_DRIVER } as const;

export type EngineName = keyof typeof ENGINES;
export interface EngineOptions {
  engine: EngineName;
  /** Without `popover`, as Safari/iOS 16 (WebKit only: MiniBrowser's `--features`). */
  withoutPopover?: boolean;
  /** The visitor's system in its dark theme. */
  dark?: boolean;
  /** The page's own scripts off, as a visitor who turned JavaScript off (the driver still runs its own). */
  withoutJavaScript?: boolean;
  /**
   * The browser's default font size in px, as a visitor sets it (Firefox only: its font-size
   * preference; WebKit's MiniBrowser has no such setting).
   */
  textPx?: number;
  width: number;
  height: number;
}

/** A visitor's browser, as the checks use it. Functions passed run in the page, on their own. */
export interface Visitor {
  goto(url: string): Promise<void>;
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  click(selector: string): Promise<void>;
  /** A tap (a click) at a point of the viewport, in CSS pixels. */
  tapAt(x: number, y: number): Promise<void>;
  type(selector: string, text: string): Promise<void>;
  press(key: 'Escape' | 'Tab'): Promise<void>;
  /**
   * Script errors, console errors and CSP violations since the last call (Firefox; WebKit's classic
   * WebDriver has no way to hear them: its checks see broken scripts by what stops working).
   */
  problems(): Promise<string[]>;
  close(): Promise<void>;
}

/** Opens a visitor's browser of `options.engine`; fails, saying how to install it, when absent. */
export async function openVisitor(options: EngineOptions): Promise<Visitor> {
  const missing = [ENGINES[options.engine], ...(options.engine === 'webkit' ? [XVFB] : [])].filter(
    (path) => !existsSync(path),
  );
  if (missing.length)
    throw new Error(
      `${missing.join(', ')} not found: install Debian's firefox-esr, webkit2gtk-driver and xvfb ` +
        '(apt-get install firefox-esr webkit2gtk-driver xvfb; .ci/run does).',
    );
  return options.engine === 'firefox' ? openFirefox(options) : openWebKit(options);
}

/** Polls `fn` in the page until it returns a truthy value, or fails after `timeout` ms. */
export async function waitFor<A extends unknown[]>(
  visitor: Visitor,
  what: string,
  fn: (...args: A) => unknown,
  ...args: A
): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await visitor.evaluate(fn, ...args))) {
    if (Date.now() > deadline) {
      // What the page says meanwhile: its messages (the forms' results, the notices).
      const said = await visitor.evaluate(() =>
        Array.from(document.querySelectorAll('[role="status"], [role="alert"]'), (element) =>
          element.textContent?.trim(),
        ).filter(Boolean),
      );
      throw new Error(`timed out waiting for ${what}; the page says: ${JSON.stringify(said)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
