/**
 * A blog of one short post, built in a scratch copy of the project: the post has no table of contents
 * (fewer than TOC_MIN_SECTIONS h2), no related posts and no previous/next, and nothing of them is left
 * behind (no heading over nothing, no empty list); its headings still get their anchors.
 */
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroIn, scratchProject } from './scratch';

const SLUG = 'seo-local-marseille';
let scratch = '';
let html = '';

beforeAll(async () => {
  scratch = scratchProject('lone-post');
  const blog = join(scratch, 'src/content/blog');
  for (const name of readdirSync(blog))
    if (!name.startsWith(`${SLUG}.`)) rmSync(join(blog, name), { recursive: true });
  const file = join(blog, `${SLUG}.md`);
  // Two sections only: the first two h2 of the real post kept, the others made paragraphs.
  let h2 = 0;
  const body = readFileSync(file, 'utf8').replace(/^## (.*)$/gm, (line, title: string) =>
    (h2 += 1) <= 2 ? line : `**${title}**`,
  );
  writeFileSync(file, body);
  const { code, output } = await astroIn(scratch, 'build');
  if (code !== 0) throw new Error(`the scratch build failed:\n${output}`);
  html = readFileSync(join(scratch, 'dist/blog', `${SLUG}.html`), 'utf8');
}, 300_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a post with no siblings and two sections', () => {
  it('has neither table of contents, related posts nor previous/next', () => {
    expect(html).toContain('<article');
    expect(html).not.toContain('aria-label="Sommaire"');
    expect(html).not.toContain('read-next-related');
    expect(html).not.toMatch(/rel="(prev|next)"/);
    expect(html).not.toContain('Articles précédent et suivant');
    expect(html).not.toMatch(/<(ul|ol)[^>]*>\s*<\/\1>/);
  });

  it('still gives its two h2 an anchor link', () => {
    expect(html.match(/class="heading-anchor-link"/g)).toHaveLength(2);
  });
});
