import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { FIRST_PAINT_ID } from '../../src/lib/layout/first-paint';
import { builtPages } from './site';

/** Every built page passes the Nu HTML Checker (npm `vnu-jar`) with no HTML error. */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  firstColumn?: number;
  message: string;
  extract?: string;
}

const pages = builtPages();

/**
 * The one error the checker reports against the HTML standard rather than the page: the standard
 * allows `blocking` on a link whose `rel` has `expect` as well as `stylesheet` (its sections
 * « Link type "expect" » and « The link element », `blocking` attribute); vnu-jar 26.9.27, the
 * newest on npm, knows only `stylesheet`. Passed for that link alone (src/layouts/BaseLayout.astro,
 * the first paint's hold: src/lib/layout/first-paint.ts).
 */
const behindTheStandard = (message: VnuMessage) =>
  message.message.startsWith('A “link” element with a “blocking” attribute must have a “rel”') &&
  Boolean(
    message.extract?.includes(`<link rel="expect" href="#${FIRST_PAINT_ID}" blocking="render">`),
  );
/** Problems per page (absolute path), as `file:line:column message (extract)`. */
const problems = new Map<string, string[]>();

beforeAll(() => {
  // One run of the checker over every page (starting Java per page would take minutes at 1,000
  // posts; one run checks ~12 pages a second). Its CSS parser predates the CSS we ship (`@property`,
  // `oklab(… / a)`, `margin-trim`, `color-mix(in …)`): its messages starting "CSS:" are about that
  // syntax, not about the HTML, and are filtered out.
  const run = spawnSync(
    'java',
    [
      '-jar',
      VNU_JAR,
      '--format',
      'json',
      '--exit-zero-always',
      '--filterpattern',
      'CSS: .*',
      ...pages.map((page) => page.file),
    ],
    { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (run.error)
    throw new Error(
      `The Nu HTML Checker needs Java: install it (Debian: apt-get install default-jre-headless). ${run.error.message}`,
    );
  const report = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  for (const message of report.messages) {
    // Errors only: warnings and notes ("trailing slash on void elements" from React) pass.
    if (message.type !== 'error' && message.type !== 'non-document-error') continue;
    if (behindTheStandard(message)) continue;
    // A message with no page (`non-document-error`) is filed under "" and fails the last test.
    const path = message.url ? decodeURIComponent(new URL(message.url).pathname) : '';
    const list = problems.get(path) ?? [];
    list.push(
      `${relative(process.cwd(), path)}:${message.lastLine}:${message.firstColumn} ${message.message} (${message.extract?.trim()})`,
    );
    problems.set(path, list);
  }
}, 300_000);

describe.each(pages)('markup of $route', ({ file }) => {
  it('passes the Nu HTML Checker with no HTML error', () => {
    expect(problems.get(resolve(file)) ?? []).toEqual([]);
  });
});

it('checked every page (the checker reported no document it could not read)', () => {
  const checked = new Set(pages.map(({ file }) => resolve(file)));
  const other = [...problems.keys()].filter((path) => !checked.has(path));
  expect(other.flatMap((path) => problems.get(path))).toEqual([]);
});
