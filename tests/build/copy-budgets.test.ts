/**
 * The copy's budget, on the real pages as the host sends them (status line, headers with the CSP,
 * brotli body, fetched from `wrangler dev`): past the first round trip a page gets a French warning
 * for its copywriter, written to COPY_BUDGET_REPORT for the CI summary and status; only past two
 * round trips does it fail. Whatever a page weighs, its first round trip carries the first screen:
 * the head (with the inline CSS), the hero and the largest element above the fold. What the code
 * adds is held apart, on fixed content (tests/build/code-budgets.test.ts).
 */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, constants } from 'node:zlib';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, describe, expect, inject, it } from 'vitest';
import {
  COPY_BUDGET_REPORT,
  FIRST_ROUND_TRIP,
  copyBudget,
  titleBudget,
  type CopyBudget,
} from '../../scripts/lib/budgets.mjs';
import { TITLE_MAX } from '../../src/lib/seo/seo';
import { builtPages, fetchAsSent } from './site';

const budgets: CopyBudget[] = [];

afterAll(() => {
  mkdirSync(dirname(COPY_BUDGET_REPORT), { recursive: true });
  writeFileSync(COPY_BUDGET_REPORT, `${JSON.stringify(budgets, null, 2)}\n`);
  for (const { message } of budgets.filter((budget) => budget.level !== 'ok'))
    console.warn(message);
});

/**
 * How many bytes of the page's HTML it takes to hold the first screen: up to the end of the head,
 * of the hero (the page's `.hero-band`, src/components/layout/PageHero.astro) and of the largest
 * element above the fold (the image given `fetchpriority="high"`, else the hero's heading).
 */
function firstScreenBytes(html: string): number {
  const document = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const find = (test: (element: { name: string; attribs: Record<string, string> }) => boolean) =>
    DomUtils.findOne(test, document.children, true);
  const head = find((element) => element.name === 'head');
  const hero = find((element) => (element.attribs.class ?? '').split(' ').includes('hero-band'));
  const largest =
    find((element) => element.name === 'img' && element.attribs.fetchpriority === 'high') ??
    find((element) => element.name === 'h1');
  expect(head, 'no <head>').toBeTruthy();
  expect(hero, 'no hero (.hero-band)').toBeTruthy();
  expect(
    largest,
    'no largest element above the fold (fetchpriority="high" image or h1)',
  ).toBeTruthy();
  const end = Math.max(...[head, hero, largest].map((element) => element!.endIndex ?? Infinity));
  return Buffer.byteLength(html.slice(0, end + 1));
}

/** Spaces and apostrophes as typed or as typeset (src/lib/content-pipeline/typography.ts), alike. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').replace(/'/g, '’');

/** The content files, as [path, plain text], where a page's title is looked for. */
const contentFiles = (readdirSync('src/content', { recursive: true }) as string[])
  .filter((path) => /\.(ya?ml|mdx?|json)$/.test(path))
  .map((path) => [
    join('src/content', path),
    plain(readFileSync(join('src/content', path), 'utf8')),
  ]);

/** The file a page's own title is written in: its content file, or the code. */
const fileOf = (title: string) =>
  contentFiles.find(([, text]) => text.includes(plain(title)))?.[0] ?? 'le code (src/)';

describe.each(builtPages())('copy budget of $route', ({ route, html }) => {
  it(`has a title of at most ${TITLE_MAX} characters, its file named if not`, () => {
    const head = parseDocument(html);
    const title = DomUtils.textContent(DomUtils.findOne((e) => e.name === 'title', head.children)!);
    // Past TITLE_MAX the brand suffix is left off (src/lib/seo/seo.ts): what is left is the page's.
    const own = title.replace(/ \| [^|]+$/, '');
    expect(title.length, titleBudget(fileOf(own), own, TITLE_MAX)).toBeLessThanOrEqual(TITLE_MAX);
  });

  it('is at most two round trips as sent; past one, its copywriter is warned in French', async () => {
    const sent = await fetchAsSent(inject('siteOrigin'), route);
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.headers['content-security-policy']).toContain("script-src 'self'");
    const budget = copyBudget(route, sent.headerBytes + sent.body.length);
    budgets.push(budget);
    expect(budget.level, budget.message).not.toBe('ceiling');
  });

  it(`carries the first screen in its first ${FIRST_ROUND_TRIP} B as sent`, async () => {
    const sent = await fetchAsSent(inject('siteOrigin'), route);
    const html = brotliDecompressSync(sent.body).toString('utf8');
    const firstTrip = brotliDecompressSync(
      sent.body.subarray(0, Math.max(0, FIRST_ROUND_TRIP - sent.headerBytes)),
      { finishFlush: constants.BROTLI_OPERATION_FLUSH },
    );
    expect(firstTrip.length).toBeGreaterThanOrEqual(firstScreenBytes(html));
  });
});
