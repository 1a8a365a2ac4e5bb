/**
 * Firefox (Debian's `firefox-esr`) as a visitor's browser, through puppeteer-core over WebDriver
 * BiDi: its preferences set the theme, JavaScript and the default font size (engines.ts).
 */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { EngineOptions, Visitor } from './engines';

export const FIREFOX = '/usr/bin/firefox-esr';

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

/** Firefox's preferences for `options`: 0: dark, 1: light (the content's own `prefers-color-scheme`). */
function firefoxPrefs(options: EngineOptions) {
  return {
    'layout.css.prefers-color-scheme.content-override': options.dark ? 0 : 1,
    ...(options.withoutJavaScript ? { 'javascript.enabled': false } : {}),
    ...(options.textPx
      ? {
          'font.size.variable.x-western': options.textPx,
          'font.size.monospace.x-western': options.textPx,
        }
      : {}),
  };
}

export async function openFirefox(options: EngineOptions): Promise<Visitor> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    extraPrefsFirefox: firefoxPrefs(options),
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
