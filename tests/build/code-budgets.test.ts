/**
 * Code budgets: what the code adds to a page (templates, inline CSS and scripts, headers), measured
 * on fixed fixture content (tests/build/budget-fixture.ts), so that copy never moves them and code
 * always does. One figure, no list of pages: the fixture page's response as sent. The copy of the
 * real pages has its own budget (tests/build/copy-budgets.test.ts). Why: docs/decisions/performance.md#budgets-code-blocks-copy-warns.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FIRST_ROUND_TRIP, TWO_ROUND_TRIPS, copyBudget } from '../../scripts/lib/budgets.mjs';
import { incompressible, measureFixture, writePage } from './budget-fixture';

/**
 * The fixture page's response as the host sends it (status line, headers with the CSP, brotli body),
 * at most. It is the measure plus about 100 B, and must stay within {@link ROOM} of it, so that a
 * template change adding 200 B to every page fails: when the code shrinks, lower it (the test says
 * to what); raise it only for what a visitor needs, saying so in the commit.
 */
const CODE_CEILING = 9_440;
/** How far under the ceiling the measure may fall before the ceiling must be lowered. */
const ROOM = 190;

const fixturePage = () =>
  parse(
    readFileSync(join(process.cwd(), 'tests/fixtures/budgets/content/pages/index.yaml'), 'utf8'),
  );

/**
 * French copy that brotli shrinks like real copy does not repeat: words of CONTENT.md drawn in a
 * fixed pseudo-random order, `words` of them, in paragraphs of 80 words.
 */
function longCopy(words: number): string[] {
  const vocabulary = [
    ...new Set(readFileSync(join(process.cwd(), 'CONTENT.md'), 'utf8').match(/\p{L}{3,}/gu)),
  ];
  const picks = Buffer.from(incompressible(words * 2), 'base64url');
  const paragraphs: string[] = [];
  for (let start = 0; start < words; start += 80) {
    const paragraph: string[] = [];
    for (let index = start; index < Math.min(words, start + 80); index++)
      paragraph.push(vocabulary[picks.readUInt16BE(index * 2) % vocabulary.length]);
    paragraphs.push(`${paragraph.join(' ')}.`);
  }
  return paragraphs;
}

let fixture: Record<string, number>;

beforeAll(async () => {
  fixture = await measureFixture('code-budget', ['/', '/copie-longue'], (scratch) => {
    // A page of the fixture with a lot more copy than the first round trip holds.
    const page = fixturePage();
    page.meta.title = 'Une page de mesure avec beaucoup de texte';
    page.blocks.push({ type: 'text', title: 'Beaucoup de texte', paragraphs: longCopy(6_000) });
    writePage(scratch, 'copie-longue', page);
  });
}, 600_000);

describe('code budget, on the fixture content', () => {
  it(`the fixture page is sent in at most ${CODE_CEILING} B (headers and brotli body)`, () => {
    expect(fixture['/']).toBeLessThanOrEqual(CODE_CEILING);
    expect(
      CODE_CEILING - fixture['/'],
      `the code shrank: lower CODE_CEILING to ${fixture['/'] + 100}`,
    ).toBeLessThan(ROOM);
  });

  it('a page of long copy passes the code budget and gets the French warning', () => {
    const long = fixture['/copie-longue'];
    expect(long).toBeGreaterThan(FIRST_ROUND_TRIP);
    expect(long).toBeLessThanOrEqual(TWO_ROUND_TRIPS);
    // The code budget reads the fixed page only: this page's copy cannot fail it.
    expect(fixture['/']).toBeLessThanOrEqual(CODE_CEILING);
    const budget = copyBudget('/copie-longue', long);
    expect(budget.level).toBe('warning');
    expect(budget.message).toContain('au-delà du premier aller-retour');
  });

  it('a template change adding 200 B to every page fails it', async () => {
    const changed = await measureFixture('code-budget-200', ['/'], (scratch) => {
      const layout = join(scratch, 'src/layouts/BaseLayout.astro');
      const source = readFileSync(layout, 'utf8');
      expect(source).toContain('</body>');
      writeFileSync(
        layout,
        source.replace('</body>', `<p hidden>${incompressible(200)}</p></body>`),
      );
    });
    expect(changed['/'] - fixture['/']).toBeGreaterThanOrEqual(200);
    expect(changed['/']).toBeGreaterThan(CODE_CEILING);
  }, 600_000);
});
