// Every block type of the page schema has a component (or is the page's slot) and an editor label.
import { describe, expect, it } from 'vitest';
import { blockRegistry } from '../../src/components/blocks/registry';
import { variantLabels } from '../../src/cms/labels';
import { blockSchema } from '../../src/schemas/pages';

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
      if (entry !== 'slot') expect(typeof (entry as { component: unknown }).component, type).toBe('function');
    }
  });

  it('gives every block type an editor label', () => {
    expect(blockTypes.filter((type) => !variantLabels[type])).toEqual([]);
  });
});
