import { describe, expect, it } from 'vitest';
import { NAV_SCROLL_THRESHOLD, isActivePath, isNavOpaque } from '../../src/lib/navbar';

describe('navigation bar scroll state', () => {
  it('uses the spec threshold of 50 px', () => {
    expect(NAV_SCROLL_THRESHOLD).toBe(50);
  });
  it('stays transparent up to and including 50 px', () => {
    expect(isNavOpaque(0)).toBe(false);
    expect(isNavOpaque(50)).toBe(false);
  });
  it('turns opaque from 51 px', () => {
    expect(isNavOpaque(51)).toBe(true);
    expect(isNavOpaque(2000)).toBe(true);
  });
});

describe('active link', () => {
  it('matches the current route exactly, ignoring .html and trailing slashes', () => {
    expect(isActivePath('/contact', '/contact')).toBe(true);
    expect(isActivePath('/contact', '/contact.html')).toBe(true);
    expect(isActivePath('/', '/index.html')).toBe(true);
    expect(isActivePath('/', '/contact')).toBe(false);
    expect(isActivePath('/automatisation-ia', '/automatisation-ia-entreprise')).toBe(false);
  });
});
