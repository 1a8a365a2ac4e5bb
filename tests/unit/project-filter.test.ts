import { describe, expect, it } from 'vitest';
import {
  ALL,
  categoryFromSearch,
  filterByCategory,
  matchesCategory,
  searchWithCategory,
} from '../../src/lib/project-filter';

const known = ['automatisation', 'sites-web', 'e-commerce', 'applications'];
const projects = [
  { slug: 'a', category: 'automatisation' },
  { slug: 'b', category: 'sites-web' },
  { slug: 'c', category: 'e-commerce' },
  { slug: 'd', category: 'automatisation' },
  { slug: 'e', category: 'applications' },
  { slug: 'f', category: 'sites-web' },
];

describe('categoryFromSearch', () => {
  it('reads a known category from ?categorie=', () => {
    expect(categoryFromSearch('?categorie=e-commerce', known)).toBe('e-commerce');
    expect(categoryFromSearch('?utm_source=x&categorie=sites-web', known)).toBe('sites-web');
  });
  it('falls back to all when the parameter is missing, empty or unknown', () => {
    expect(categoryFromSearch('', known)).toBe(ALL);
    expect(categoryFromSearch('?categorie=', known)).toBe(ALL);
    expect(categoryFromSearch('?categorie=jardinage', known)).toBe(ALL);
    expect(categoryFromSearch('?categorie=ALL', known)).toBe(ALL);
  });
});

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

describe('searchWithCategory', () => {
  it('writes the category and keeps other parameters', () => {
    expect(searchWithCategory('', 'applications')).toBe('?categorie=applications');
    expect(searchWithCategory('?utm_source=x&categorie=sites-web', 'e-commerce')).toBe(
      '?utm_source=x&categorie=e-commerce',
    );
  });
  it('removes the parameter for all', () => {
    expect(searchWithCategory('?categorie=sites-web', ALL)).toBe('');
    expect(searchWithCategory('?utm_source=x&categorie=sites-web', ALL)).toBe('?utm_source=x');
  });
  it('round-trips through categoryFromSearch', () => {
    for (const category of known)
      expect(categoryFromSearch(searchWithCategory('', category), known)).toBe(category);
  });
});
