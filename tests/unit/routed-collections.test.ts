/**
 * The routed collections (src/lib/content/routed-collections.ts): every file that lists them has
 * each one, and a forgotten one is reported with the file to edit.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ROUTED_COLLECTIONS,
  entryPath,
  listingPath,
  routedCollections,
} from '../../src/lib/content/routed-collections';
import { PREVIEW_PATHS } from '../../src/cms/config';
import { COLLECTION_SECTIONS } from '../../src/lib/search/site-map';
import { COLLECTION_LINKS } from '../../src/pages/llms.txt';
import { COLLECTION_ART } from '../../src/lib/art/hero-art';
import { collections } from '../../src/content.config';

/** Each file that lists the routed collections, with its list. */
const READERS: [string, object][] = [
  ['src/cms/config.ts (PREVIEW_PATHS)', PREVIEW_PATHS],
  ['src/lib/search/site-map.ts (COLLECTION_SECTIONS)', COLLECTION_SECTIONS],
  ['src/pages/llms.txt.ts (COLLECTION_LINKS)', COLLECTION_LINKS],
  ['src/lib/art/hero-art.ts (COLLECTION_ART)', COLLECTION_ART],
];

/** What each reader lacks, one line per file and collection. */
const missing = (readers: [string, object][], names: readonly string[]) =>
  readers.flatMap(([file, list]) =>
    names
      .filter((name) => !Object.hasOwn(list, name))
      .map((name) => `${file}: add the routed collection « ${name} »`),
  );

describe('the routed collections', () => {
  it('are each listed by the editor, the search page, llms.txt and the artwork', () => {
    expect(missing(READERS, routedCollections)).toEqual([]);
  });

  it('name the file to edit when one is missing from a reader', () => {
    expect(missing([['src/x.ts', { projects: 1 }]], ['projects', 'jobs'])).toEqual([
      'src/x.ts: add the routed collection « jobs »',
    ]);
  });

  it('are collections of the content, each built by a route that exists', () => {
    for (const [name, { route }] of Object.entries(ROUTED_COLLECTIONS)) {
      expect(Object.keys(collections), 'src/content.config.ts').toContain(name);
      expect(existsSync(route), route).toBe(true);
    }
  });

  it('give each entry its address and the editor the same one', () => {
    expect(entryPath('projects', 'cabinet')).toBe('/nos-realisations/cabinet');
    expect(entryPath('services', 'site-vitrine')).toBe('/site-vitrine');
    expect(listingPath('blog')).toBe('/blog');
    for (const name of routedCollections)
      expect(`/${PREVIEW_PATHS[name]}`).toBe(entryPath(name, '{{slug}}'));
  });
});
