/**
 * Heading ids and anchor links of the Markdown/MDX texts (posts, legal texts): a plugin of Astro's
 * Markdown processor (Sätteri, `markdown.processor` in astro.config.mjs). Each h2–h6 gets an id made
 * of its words without accents ({@link slugify}: `#etape-1-faire-l-inventaire`, not a percent-encoded
 * `é` and no-break space), unique in its text; Astro's own heading step keeps an id already set, so
 * `render()`'s `headings` carry the same ids. Each h2 and h3 is followed by a link to itself, « Lien
 * vers cette section », shown on hover and keyboard focus (the styles are in
 * src/components/blog/ArticleBody.astro).
 */
import { defineHastPlugin } from 'satteri';
import { slugify } from './slug';
import { frBlog } from '../i18n/blog';

/** A slug of `text` not yet in `taken` (`-2`, `-3`… after a repeat), added to it. */
export function uniqueSlug(text: string, taken: Set<string>): string {
  const base = slugify(text) || 'section';
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** The plugin, made once per text (the ids already given are the text's own). */
export const headingAnchors = () => {
  const taken = new Set<string>();
  return defineHastPlugin({
    name: 'heading-anchors',
    element: {
      filter: ['h2', 'h3', 'h4', 'h5', 'h6'],
      visit(node, ctx) {
        const text = ctx.textContent(node).trim();
        const given = node.properties.id;
        const id = typeof given === 'string' && given ? given : uniqueSlug(text, taken);
        taken.add(id);
        ctx.setProperty(node, 'id', id);
        if (node.tagName !== 'h2' && node.tagName !== 'h3') return;
        ctx.wrapNode(node, {
          type: 'element',
          tagName: 'div',
          properties: { className: ['heading-anchor', `heading-anchor-${node.tagName}`] },
          children: [
            {
              type: 'element',
              tagName: 'a',
              properties: { href: `#${id}`, className: ['heading-anchor-link'] },
              children: [
                {
                  type: 'element',
                  tagName: 'span',
                  properties: { ariaHidden: 'true' },
                  children: [{ type: 'text', value: '#' }],
                },
                {
                  type: 'element',
                  tagName: 'span',
                  properties: { className: ['sr-only'] },
                  children: [{ type: 'text', value: frBlog.anchorLabel }],
                },
              ],
            },
          ],
        });
      },
    },
  });
};
