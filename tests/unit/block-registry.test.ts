// Every block type of the page schema has a component (or is the page's slot), an editor label, and
// declares in the registry what else it needs from its page (its traits).
import { describe, expect, it } from 'vitest';
import { blockRegistry, blockTraits, type BlockTraits } from '../../src/components/blocks/registry';
import { variantLabels } from '../../src/cms/labels';
import { blockSchema, type Block } from '../../src/schemas/pages';

const blockTypes = blockSchema.options.map((option) => option.shape.type.value as string);

describe('block registry', () => {
  it('reads the block types from the schema', () => {
    expect(blockTypes).toContain('cards');
    expect(blockTypes).toContain('posts');
  });

  it('gives every block type of the schema a component or the slot, and nothing else', () => {
    const entries = blockRegistry as Record<string, unknown>;
    expect(blockTypes.filter((type) => !entries[type])).toEqual([]);
    expect(Object.keys(entries).filter((type) => !blockTypes.includes(type))).toEqual([]);
    for (const type of blockTypes) {
      const entry = entries[type];
      if (entry !== 'slot')
        expect(typeof (entry as { component: unknown }).component, type).toBe('function');
    }
  });

  it('gives every block type an editor label', () => {
    expect(blockTypes.filter((type) => !variantLabels[type])).toEqual([]);
  });

  describe('traits', () => {
    /** The block types whose registry entry declares `trait`, in schema order. */
    const typesWith = (trait: keyof BlockTraits<Block>) =>
      blockTypes.filter((type) => blockTraits({ type } as Block)[trait] !== undefined);

    it('draws key figures dark unless the block sets a tone; no other type has one', () => {
      expect(typesWith('tone')).toEqual(['stats']);
      expect(blockTraits({ type: 'stats' } as Block).tone).toBe('dark');
    });

    it('loads the toaster for the booking widget and the contact form only', () => {
      expect(typesWith('toasts')).toEqual(['booking', 'form']);
    });

    it("gives the page's Markdown text to the document block only", () => {
      expect(typesWith('document')).toEqual(['document']);
    });

    it('adds FAQPage data for FAQ blocks that ask, JobPosting data for the jobs block', () => {
      expect(typesWith('faqPage')).toEqual(['faq']);
      expect(typesWith('jobPostings')).toEqual(['jobs']);
      const faq = (structuredData: boolean) =>
        ({ type: 'faq', categories: ['tarifs', 'delais'], structuredData }) as Block;
      const { faqPage } = blockTraits(faq(true));
      expect(faqPage?.(faq(true))).toEqual(['tarifs', 'delais']);
      expect(faqPage?.(faq(false))).toEqual([]);
    });

    it("gives the page's slot no traits", () => {
      expect(blockTraits({ type: 'posts' } as Block)).toEqual({});
    });
  });
});
