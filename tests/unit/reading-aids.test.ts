import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';
import { describe, expect, it } from 'vitest';
import { headingAnchors, uniqueSlug } from '../../src/lib/content-pipeline/heading-anchors';
import {
  RELATED_COUNT,
  TOC_MIN_SECTIONS,
  adjacent,
  relatedByAffinity,
  relatedByGroup,
  tableOfContents,
} from '../../src/lib/content/reading-aids';

/** Renders Markdown as the site does (Astro's Sätteri processor with this project's plugin). */
async function render(markdown: string) {
  const processor = await createSatteriMarkdownProcessor({ hastPlugins: [headingAnchors] });
  const { code, metadata } = await processor.render(markdown);
  return { html: code, headings: metadata.headings };
}

describe('heading ids and anchors', () => {
  it('gives each heading a unique id without accents, reported by render()', async () => {
    const { html, headings } = await render(
      '## Étape 1\u00a0: faire l’inventaire\n\ntexte\n\n### Où ?\n\n## Étape 1\u00a0: faire l’inventaire\n\n#### Détail\n',
    );
    expect(headings.map((heading) => heading.slug)).toEqual([
      'etape-1-faire-l-inventaire',
      'ou',
      'etape-1-faire-l-inventaire-2',
      'detail',
    ]);
    for (const { slug } of headings) expect(html).toContain(`id="${slug}"`);
  });

  it('follows each h2 and h3 with a named link to it, and no other heading', async () => {
    const { html } = await render('## Les prix\n\n### Le devis\n\n#### Note\n');
    expect(html).toContain(
      '<div class="heading-anchor heading-anchor-h2"><h2 id="les-prix">Les prix</h2><a href="#les-prix" class="heading-anchor-link"><span aria-hidden="true">#</span><span class="sr-only">Lien vers cette section</span></a></div>',
    );
    expect(html).toContain('href="#le-devis"');
    expect(html).not.toContain('href="#note"');
  });

  it('numbers repeated slugs and never returns an empty one', () => {
    const taken = new Set<string>();
    expect([
      uniqueSlug('À propos', taken),
      uniqueSlug('A propos', taken),
      uniqueSlug('?', taken),
    ]).toEqual(['a-propos', 'a-propos-2', 'section']);
  });
});

describe('the table of contents', () => {
  const h = (depth: number, text: string) => ({ depth, slug: text.toLowerCase(), text });

  it(`lists h2 sections with their h3, from ${TOC_MIN_SECTIONS} h2 on`, () => {
    const headings = [h(3, 'Intro'), h(2, 'A'), h(3, 'A1'), h(4, 'A1a'), h(2, 'B'), h(2, 'C')];
    expect(tableOfContents(headings)).toEqual([
      { slug: 'intro', text: 'Intro', children: [] },
      { slug: 'a', text: 'A', children: [{ slug: 'a1', text: 'A1' }] },
      { slug: 'b', text: 'B', children: [] },
      { slug: 'c', text: 'C', children: [] },
    ]);
  });

  it(`is empty below ${TOC_MIN_SECTIONS} h2 sections, h3 not counted`, () => {
    expect(tableOfContents([h(2, 'A'), h(3, 'A1'), h(3, 'A2'), h(2, 'B')])).toEqual([]);
  });
});

describe('related entries and previous/next', () => {
  it('chooses the same group first, then others, in list order, never itself', () => {
    const list = ['a1', 'b1', 'a2', 'c1', 'a3', 'b2'];
    const related = relatedByGroup(list, (s) => s[0]);
    expect(related[0]).toEqual(['a2', 'a3', 'b1']);
    expect(related[1]).toEqual(['b2', 'a1', 'a2']);
    expect(related[3]).toEqual(['a1', 'b1', 'a2']);
    related.forEach((others, i) => {
      expect(others).toHaveLength(RELATED_COUNT);
      expect(others).not.toContain(list[i]);
    });
  });

  it('gives fewer when there are fewer others, none for a lone entry', () => {
    expect(relatedByGroup(['a', 'b'], () => 'x')).toEqual([['b'], ['a']]);
    expect(relatedByGroup(['a'], () => 'x')).toEqual([[]]);
    expect(relatedByAffinity(['a'], () => 1)).toEqual([[]]);
    expect(adjacent(['a'], 0)).toEqual({ previous: undefined, next: undefined });
  });

  it('ranks by affinity, ties in list order', () => {
    const shared = (a: string, b: string) => [...a].filter((c) => b.includes(c)).length;
    expect(relatedByAffinity(['ab', 'cd', 'bc', 'ax'], shared, 2)).toEqual([
      ['bc', 'ax'],
      ['bc', 'ab'],
      ['ab', 'cd'],
      ['ab', 'cd'],
    ]);
  });

  it('gives the neighbours in the list, nothing past its ends', () => {
    expect(adjacent(['a', 'b', 'c'], 1)).toEqual({ previous: 'a', next: 'c' });
    expect(adjacent(['a', 'b', 'c'], 2)).toEqual({ previous: 'b', next: undefined });
  });
});
