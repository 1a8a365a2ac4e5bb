// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SPECULATION_RULES } from '../../src/lib/page-scripts/speculation-rules';

const [rule] = SPECULATION_RULES.prerender;
const [sameOrigin, notPaths, notSelector] = rule.where.and;
const ORIGIN = 'https://www.agence-exemple.fr';

/** Whether a link to `href` on a page of the site is speculated, judged as Chromium does: URL patterns
 * (the platform's URLPattern, base = the page) and CSS selectors on the link element. */
function speculated(href: string): boolean {
  const url = new URL(href, `${ORIGIN}/faq`).href;
  const matches = (pattern: string) => new URLPattern(pattern, `${ORIGIN}/faq`).test(url);
  const link = document.createElement('a');
  link.setAttribute('href', href);
  return (
    matches(sameOrigin.href_matches) &&
    !notPaths.not.href_matches.some(matches) &&
    !link.matches(notSelector.not.selector_matches)
  );
}

describe('speculation rules', () => {
  it('prerender same-origin pages on hover or touch (moderate eagerness)', () => {
    expect(Object.keys(SPECULATION_RULES)).toEqual(['prerender']);
    expect(rule.eagerness).toBe('moderate');
    for (const href of ['/faq', '/contact', '/blog/page/2', '/nos-realisations/cabinet-medical'])
      expect(speculated(href), href).toBe(true);
  });

  it('never the editor, newsletter result pages, booking links or other sites', () => {
    for (const href of [
      '/admin',
      '/admin/config.yml',
      '/newsletter/confirmee',
      '/newsletter/desinscription?token=x',
      '/contact#calendly',
      '/contact?consultation=D%C3%A9couverte&jour=lundi&heure=09%3A00#calendly',
      '/#audit-ia',
      'https://calendly.com/agence/decouverte',
    ])
      expect(speculated(href), href).toBe(false);
  });
});
