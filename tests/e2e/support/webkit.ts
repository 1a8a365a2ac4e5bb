/**
 * WebKit, Safari's engine, as a visitor's browser: Debian's `webkit2gtk-driver` (WebKitWebDriver and
 * its MiniBrowser) over classic WebDriver (webdriver.ts), in an X server of its own (Xvfb).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { EngineOptions, Visitor } from './engines';
import { freePort, startProcess } from './processes';
import { webDriverClient, webDriverVisitor } from './webdriver';

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
/** WebKitGTK's browser for automation, driven by WebKitWebDriver. */
const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB = '/usr/bin/Xvfb';

/** MiniBrowser's arguments for `options`. */
function miniBrowserArgs(options: EngineOptions) {
  if (options.textPx) throw new Error('WebKit: MiniBrowser cannot set a default font size');
  return [
    '--automation',
    ...(options.withoutPopover ? ['--features=-PopoverAttribute'] : []),
    ...(options.dark ? ['--dark-mode'] : []),
    ...(options.withoutJavaScript ? ['--enable-javascript=false'] : []),
  ];
}

export async function openWebKit(options: EngineOptions): Promise<Visitor> {
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
      WEBKIT_DRIVER,
      [`--port=${port}`],
      env,
      async () => (await fetch(`${root}/status`)).ok,
    ),
  );
  const call = webDriverClient(root);
  const args = miniBrowserArgs(options);
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
  return webDriverVisitor(call, session, () => {
    for (const child of children.reverse()) child.kill();
  });
}
