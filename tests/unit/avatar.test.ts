import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarPath, avatarSlug, avatarSvg } from '../../src/lib/art/avatar';

describe('avatarSvg', () => {
  it('draws the same face for the same name, every time', () => {
    expect(avatarSvg('Sarah Martin')).toBe(avatarSvg('Sarah Martin'));
    expect(avatarSvg(' Sarah Martin ')).toBe(avatarSvg('Sarah Martin'));
  });

  it('draws different faces for different people', () => {
    const names = [
      'Thomas Laurent',
      'Sarah Martin',
      'Karim Benali',
      'Julie Rossi',
      'Claire Dubois',
    ];
    expect(new Set(names.map(avatarSvg)).size).toBe(names.length);
  });

  it('draws with the site palette (and black or white features) only', () => {
    const colours = avatarSvg('Julie Rossi').match(/#[0-9a-f]{6}\b/gi) ?? [];
    expect(colours.length).toBeGreaterThan(2);
    const allowed = [...AVATAR_COLOURS, '#ffffff', '#000000'];
    for (const colour of colours) expect(allowed).toContain(colour.toLowerCase());
  });

  it('refuses an empty name with a clear message', () => {
    expect(() => avatarSvg('  ')).toThrow(/name is required/);
  });
});

describe('avatarPath', () => {
  it('names the file after the person, without accents or spaces', () => {
    expect(avatarSlug('Stéphane Garcia')).toBe('stephane-garcia');
    expect(avatarPath('Dr Nadia Ferhat')).toBe('/avatars/dr-nadia-ferhat.svg');
  });

  it('refuses a name with nothing to name a file after', () => {
    expect(() => avatarSlug('—')).toThrow(/no letter or digit/);
  });
});
