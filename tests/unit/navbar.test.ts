import { describe, expect, it } from 'vitest';
import { NAV_SCROLL_THRESHOLD, isActivePath } from '../../src/lib/page-scripts/navbar';

describe('navigation bar scroll state', () => {
  it('uses the spec threshold of 50 px', () => {
    expect(NAV_SCROLL_THRESHOLD).toBe(50);
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
