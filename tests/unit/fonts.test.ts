import { describe, expect, it } from 'vitest';
import { preloadsDisplayFont } from '../../src/lib/fonts/preload';

describe('preloadsDisplayFont', () => {
  it('preloads on the home page, whose display-size title is the largest paint', () => {
    expect(preloadsDisplayFont('/')).toBe(true);
    expect(preloadsDisplayFont('/index.html')).toBe(true);
  });

  it('does not preload where the largest paint is body text or an image', () => {
    expect(preloadsDisplayFont('/contact')).toBe(false);
    expect(preloadsDisplayFont('/nos-realisations/cabinet-medical')).toBe(false);
  });
});
