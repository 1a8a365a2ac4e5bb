/**
 * A classic WebDriver client (W3C WebDriver), as WebKitWebDriver speaks it: its calls, and a
 * `Visitor` over one of its sessions (webkit.ts starts the driver and the session).
 */
import type { Visitor } from './engines';

/** WebDriver's key codes (W3C WebDriver, « Keyboard actions »). */
const KEYS = { Escape: '\uE00C', Tab: '\uE004' };
/** WebDriver's name for an element reference in its answers. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** A call to the WebDriver server at `root`: its answer's `value`, or an error naming the call. */
export type WebDriverCall = (method: string, path: string, body?: unknown) => Promise<unknown>;

export function webDriverClient(root: string): WebDriverCall {
  return async (method, path, body) => {
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
}

/** WebDriver's actions: a tap at a point of the viewport, a key pressed and released. */
const tap = (x: number, y: number) => ({
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
});
const keyPress = (key: keyof typeof KEYS) => ({
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
});

/** A visitor over the WebDriver session at `session`; `close` ends it, then runs `stop`. */
export function webDriverVisitor(call: WebDriverCall, session: string, stop: () => void): Visitor {
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
    tapAt: async (x, y) => void (await call('POST', `${session}/actions`, tap(x, y))),
    type: async (selector, text) =>
      void (await call('POST', `${session}/element/${await element(selector)}/value`, { text })),
    press: async (key) => void (await call('POST', `${session}/actions`, keyPress(key))),
    problems: async () => [],
    async close() {
      await call('DELETE', session).catch(() => {});
      stop();
    },
  };
}
