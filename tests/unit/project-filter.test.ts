// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALL,
  enableProjectFilter,
  filterByCategory,
  matchesCategory,
} from '../../src/lib/page-scripts/project-filter';

const projects = [
  { slug: 'a', category: 'automatisation' },
  { slug: 'b', category: 'sites-web' },
  { slug: 'c', category: 'e-commerce' },
  { slug: 'd', category: 'automatisation' },
  { slug: 'e', category: 'applications' },
  { slug: 'f', category: 'sites-web' },
];

describe('filterByCategory', () => {
  it('keeps every project for all', () => {
    expect(filterByCategory(projects, ALL)).toHaveLength(6);
  });
  it('keeps only the projects of the chosen category, in order', () => {
    expect(filterByCategory(projects, 'automatisation').map((p) => p.slug)).toEqual(['a', 'd']);
    expect(filterByCategory(projects, 'e-commerce').map((p) => p.slug)).toEqual(['c']);
  });
  it('matchesCategory agrees with the filter', () => {
    expect(matchesCategory('sites-web', ALL)).toBe(true);
    expect(matchesCategory('sites-web', 'sites-web')).toBe(true);
    expect(matchesCategory('sites-web', 'applications')).toBe(false);
  });
});

describe('enableProjectFilter (the inline script)', () => {
  const button = (slug: string, count: number) =>
    `<button data-filter="${slug}" data-status="${count} affichés" aria-pressed="${slug === ALL}">${slug}</button>`;
  const render = () => {
    document.body.innerHTML = `<div id="filter">${button(ALL, 6)}${button('automatisation', 2)}${button('e-commerce', 1)}
      <p role="status">6 affichés</p><ul>${projects
        .map((p) => `<li data-category="${p.category}">${p.slug}</li>`)
        .join('')}</ul></div>`;
    enableProjectFilter(document.getElementById('filter')!, ALL);
  };
  beforeEach(() => {
    history.replaceState(null, '', '/nos-realisations');
    render();
  });
  const visible = () =>
    [...document.querySelectorAll<HTMLElement>('[data-category]')]
      .filter((card) => !card.hidden)
      .map((card) => card.textContent);
  const pressed = () =>
    [...document.querySelectorAll('[aria-pressed="true"]')].map((b) => b.textContent);
  const click = (slug: string) =>
    document
      .querySelector<HTMLElement>(`[data-filter="${slug}"]`)!
      .dispatchEvent(new MouseEvent('click', { bubbles: true }));

  it('shows one category, presses its button and announces its count', () => {
    click('automatisation');
    expect(visible()).toEqual(['a', 'd']);
    expect(pressed()).toEqual(['automatisation']);
    expect(document.querySelector('[role="status"]')!.textContent).toBe('2 affichés');
  });

  it('all shows every card again', () => {
    click('e-commerce');
    expect(visible()).toEqual(['c']);
    click(ALL);
    expect(visible()).toHaveLength(6);
    expect(pressed()).toEqual([ALL]);
    expect(document.querySelector('[role="status"]')!.textContent).toBe('6 affichés');
  });

  it('keeps the choice in the address, and opens on the choice the address names', () => {
    click('automatisation');
    expect(location.hash).toBe('#automatisation');
    expect(history.length).toBe(1); // the entry replaced, not one more for Back to step through
    render(); // the page again, as Back or a shared link opens it
    expect(visible()).toEqual(['a', 'd']);
    expect(pressed()).toEqual(['automatisation']);
    expect(document.querySelector('[role="status"]')!.textContent).toBe('2 affichés');
  });
});
