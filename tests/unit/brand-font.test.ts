import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import subsetFont from 'subset-font';
import { BRAND_FONT_CHARACTERS, BRAND_FONT_SOURCE, brandFontFile } from '../../src/lib/fonts/brand-font';

/** Table tags of a font file, read from its table directory once HarfBuzz has unpacked it. */
async function tables(file: string): Promise<string[]> {
  const sfnt = await subsetFont(readFileSync(file), BRAND_FONT_CHARACTERS, {
    targetFormat: 'truetype',
  });
  const count = sfnt.readUInt16BE(4);
  return Array.from({ length: count }, (_, i) => sfnt.toString('latin1', 12 + 16 * i, 16 + 16 * i));
}

describe('brandFontFile', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'brand-font-'));

  it('cuts the variable font to one static weight, well under half its size', async () => {
    const file = await brandFontFile(dir);
    expect(file.endsWith('.woff2')).toBe(true);
    const kept = await tables(file);
    expect(kept).toContain('glyf');
    expect(kept).not.toContain('fvar');
    expect(kept).not.toContain('gvar');
    expect(statSync(file).size).toBeLessThanOrEqual(statSync(BRAND_FONT_SOURCE).size / 2.5);
  });

  it('keeps the French letters and typography the content loader writes', async () => {
    const file = await brandFontFile(dir);
    for (const character of 'éèàçœÉÀ«»’–…€') {
      expect(BRAND_FONT_CHARACTERS).toContain(character);
      // A font without the glyph gives an empty subset for that one character (no glyph kept).
      const single = await subsetFont(readFileSync(file), character, { targetFormat: 'truetype' });
      const none = await subsetFont(readFileSync(file), '\u4e00', { targetFormat: 'truetype' });
      expect(single.length, character).toBeGreaterThan(none.length);
    }
  });

  it('writes the file once and reuses it', async () => {
    const first = await brandFontFile(dir);
    const written = statSync(first).mtimeMs;
    expect(await brandFontFile(dir)).toBe(first);
    expect(statSync(first).mtimeMs).toBe(written);
  });

  it('names the missing source file when npm install has not run', async () => {
    await expect(brandFontFile(dir, 'node_modules/nothing-here.woff2')).rejects.toThrow(
      'node_modules/nothing-here.woff2 is missing: run npm install',
    );
  });
});
