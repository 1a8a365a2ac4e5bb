/**
 * The site's other engines, driven the way their own tools drive them (tests/e2e/engines.spec.ts):
 * Firefox (Debian's `firefox-esr`) through puppeteer-core over WebDriver BiDi, and WebKit, Safari's
 * engine (Debian's `webkit2gtk-driver`: WebKitWebDriver and its MiniBrowser), over classic
 * WebDriver, in an X server of its own (Xvfb). Both behind one small interface, `Visitor`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

export const ENGINES = {
  firefox: '/usr/bin/firefox-esr',
  webkit: '/usr/bin/WebKitWebDriver',
} as const;
/** WebKitGTK's browser for automation, driven by WebKitWebDriver. */
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB = '/usr/bin/Xvfb';

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

/** Records, from the first script on, what the page reports as broken: CSP violations, errors. */
function watchProblems() {
  const problems: string[] = [];
  (window as unknown as { __problems: string[] }).__problems = problems;
  addEventListener('securitypolicyviolation', (event) =>
    problems.push(`CSP: ${event.violatedDirective} ${event.blockedURI}`),
  );
  addEventListener('error', (event) => problems.push(`error: ${event.message}`));
  // An element that failed to load (a script, a stylesheet, a preload link) fires its own `error`,
  // which reaches the window in the capture phase only.
  addEventListener(
    'error',
    ({ target }) => {
      if (target instanceof Element)
        problems.push(
          `failed: <${target.localName}> ${target.getAttribute('href') ?? target.getAttribute('src')}`,
        );
    },
    true,
  );
  addEventListener('unhandledrejection', (event) => problems.push(`rejection: ${event.reason}`));
}

async function openFirefox(options: EngineOptions): Promise<Visitor> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: ENGINES.firefox,
    headless: true,
    // 0: dark, 1: light (the content's own `prefers-color-scheme`).
    extraPrefsFirefox: {
      'layout.css.prefers-color-scheme.content-override': options.dark ? 0 : 1,
      ...(options.withoutJavaScript ? { 'javascript.enabled': false } : {}),
      ...(options.textPx
        ? {
            'font.size.variable.x-western': options.textPx,
            'font.size.monospace.x-western': options.textPx,
          }
        : {}),
    },
  });
  const page: Page = await browser.newPage();
  await page.setViewport({ width: options.width, height: options.height });
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${(error as Error).message}`));
  await page.evaluateOnNewDocument(watchProblems);
  // What the page it leaves had heard.
  const heard = async () => {
    problems.push(
      ...(await page
        .evaluate(() => (window as unknown as { __problems?: string[] }).__problems ?? [])
        .catch(() => [])),
    );
  };
  return {
    async goto(url) {
      await heard();
      await page.goto(url, { waitUntil: 'load' });
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])),
    // Puppeteer's own click waits for an IntersectionObserver of the page, which never answers
    // while the page's scripts are off: there, a click at the element's centre.
    click: options.withoutJavaScript
      ? async (selector) => {
          const [x, y] = await page.$eval(selector, (element) => {
            element.scrollIntoView({ block: 'center' });
            const box = element.getBoundingClientRect();
            return [box.x + box.width / 2, box.y + box.height / 2];
          });
          await page.mouse.click(x, y);
        }
      : (selector) => page.click(selector),
    tapAt: (x, y) => page.mouse.click(x, y),
    type: (selector, text) => page.type(selector, text),
    press: (key) => page.keyboard.press(key),
    async problems() {
      await heard();
      await page.evaluate(() => {
        (window as unknown as { __problems: string[] }).__problems.length = 0;
      });
      return problems.splice(0);
    },
    close: () => browser.close(),
  };
}

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `command` and waits until `ready` answers, killing it if it never does. */
async function startProcess(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
) {
  const child = spawn(command, args, { env, stdio: 'ignore' });
  const deadline = Date.now() + 20_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`${command} did not start`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** WebDriver's key codes (W3C WebDriver, « Keyboard actions »). */
const KEYS = { Escape: '\uE00C', Tab: '\uE004' };
/** WebDriver's name for an element reference in its answers. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

async function openWebKit(options: EngineOptions): Promise<Visitor> {
  const children: ChildProcess[] = [];
  const display = `:${((await freePort()) % 30_000) + 100}`;
  const env = { ...process.env, DISPLAY: display };
  children.push(
    await startProcess(
      XVFB,
      [display, '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'],
      env,
      async () => existsSync(`/tmp/.X11-unix/X${display.slice(1)}`),
    ),
  );
  const port = await freePort();
  const root = `http://127.0.0.1:${port}`;
  children.push(
    await startProcess(
      ENGINES.webkit,
      [`--port=${port}`],
      env,
      async () => (await fetch(`${root}/status`)).ok,
    ),
  );
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${root}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const { value } = (await response.json()) as {
      value: { error?: string; message?: string } & Record<string, unknown>;
    };
    if (!response.ok)
      throw new Error(`WebDriver ${method} ${path}: ${value.error} ${value.message}`);
    return value as unknown;
  };
  if (options.textPx) throw new Error('WebKit: MiniBrowser cannot set a default font size');
  const args = [
    '--automation',
    ...(options.withoutPopover ? ['--features=-PopoverAttribute'] : []),
    ...(options.dark ? ['--dark-mode'] : []),
    ...(options.withoutJavaScript ? ['--enable-javascript=false'] : []),
  ];
  const { sessionId } = (await call('POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args } } },
  })) as { sessionId: string };
  const session = `/session/${sessionId}`;
  // The window's outer size: the page gets it less the window's own bars.
  await call('POST', `${session}/window/rect`, {
    x: 0,
    y: 0,
    width: options.width,
    height: options.height,
  });
  const element = async (selector: string) =>
    (
      (await call('POST', `${session}/element`, {
        using: 'css selector',
        value: selector,
      })) as Record<string, string>
    )[ELEMENT];
  return {
    goto: async (url) => void (await call('POST', `${session}/url`, { url })),
    evaluate: async (fn, ...args) =>
      (await call('POST', `${session}/execute/sync`, {
        script: `return (${fn}).apply(null, arguments)`,
        args,
      })) as never,
    async click(selector) {
      const target = await element(selector);
      // Into view at once: the page scrolls smoothly, and WebKit's driver would find the element
      // still out of view, « not interactable ».
      await call('POST', `${session}/execute/sync`, {
        script: 'arguments[0].scrollIntoView({ block: "center", behavior: "instant" })',
        args: [{ [ELEMENT]: target }],
      });
      await call('POST', `${session}/element/${target}/click`, {});
    },
    tapAt: async (x, y) =>
      void (await call('POST', `${session}/actions`, {
        actions: [
          {
            type: 'pointer',
            id: 'finger',
            parameters: { pointerType: 'mouse' },
            actions: [
              { type: 'pointerMove', origin: 'viewport', x, y },
              { type: 'pointerDown', button: 0 },
              { type: 'pointerUp', button: 0 },
            ],
          },
        ],
      })),
    type: async (selector, text) =>
      void (await call('POST', `${session}/element/${await element(selector)}/value`, { text })),
    press: async (key) =>
      void (await call('POST', `${session}/actions`, {
        actions: [
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              { type: 'keyDown', value: KEYS[key] },
              { type: 'keyUp', value: KEYS[key] },
            ],
          },
        ],
      })),
    problems: async () => [],
    async close() {
      await call('DELETE', session).catch(() => {});
      for (const child of children.reverse()) child.kill();
    },
  };
}
