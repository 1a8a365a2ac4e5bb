/**
 * The README's « Project layout » block matches the repository: it has an entry for every top-level
 * folder git tracks (dot-folders too: `.github` and `.ci` hold CI, which a newcomer needs to find)
 * and for every folder directly under `src/`, and every path it names exists. An entry is a line
 * that starts at the left margin; its first column (up to two spaces) holds one or more paths. In
 * its description, a folder name (`blocks/`) or a path (`workflows/ci.yml`) is looked for in the
 * entry's folder, a file name (`registry.ts`) anywhere under it, and a path from the repository's
 * root (`src/schemas/`) as is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { expect, it } from 'vitest';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const topFolders = [...new Set(tracked.filter((p) => p.includes('/')).map((p) => p.split('/')[0]))];
const srcFolders = [
  ...new Set(
    tracked
      .filter((p) => p.startsWith('src/') && p.split('/').length > 2)
      .map((p) => p.split('/').slice(0, 2).join('/')),
  ),
];

/** The « Project layout » code block of a README. */
export function layoutBlock(readme: string): string {
  const section = readme.split(/^## Project layout$/m)[1] ?? '';
  return /^```\n([\s\S]*?)^```/m.exec(section)?.[1] ?? '';
}

/** Each entry of the block: the paths of its first column and the words of its description. */
export function entriesOf(block: string): { paths: string[]; words: string[] }[] {
  const entries: { paths: string[]; words: string[] }[] = [];
  for (const line of block.split('\n')) {
    if (!line.trim()) continue;
    if (/^\S/.test(line)) {
      const [first, ...rest] = line.split(/ {2,}/);
      entries.push({ paths: first.split(' '), words: rest.join(' ').split(/\s+/) });
    } else entries.at(-1)?.words.push(...line.trim().split(/\s+/));
  }
  return entries;
}

const FILE = /^[\w.[\]-]+\.(ts|tsx|js|mjs|astro|css|toml|ya?ml|json|jsonc|md|sql)$/;
const FOLDER = /^[\w.-]+\/$/;

/** Whether a file of that name is anywhere under `folder`. */
function hasFile(folder: string, name: string): boolean {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return false;
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).some(
    (path) => path === name || path.endsWith(`/${name}`),
  );
}

/** Every path an entry names that does not exist, with the entry's first path. */
export function missingPaths(entries: { paths: string[]; words: string[] }[]): string[] {
  const missing: string[] = [];
  for (const { paths, words } of entries) {
    for (const path of paths) if (!existsSync(path)) missing.push(path);
    const base = paths[0].endsWith('/') ? paths[0] : dirname(paths[0]);
    for (const raw of words) {
      const word = raw.replace(/^[(`]+|[),;:`]+$/g, '');
      if (/[<>*]/.test(word)) continue; // a pattern, not a path
      const fromRoot = topFolders.some((top) => word.startsWith(`${top}/`));
      if (fromRoot && !existsSync(word)) missing.push(`${word} (in ${paths[0]})`);
      else if (fromRoot) continue;
      else if (word.includes('/') && FILE.test(basename(word)) && !existsSync(join(base, word)))
        missing.push(`${join(base, word)} (in ${paths[0]})`);
      else if (FOLDER.test(word) && !existsSync(join(base, word)))
        missing.push(`${join(base, word)} (in ${paths[0]})`);
      else if (FILE.test(word) && !hasFile(base, word)) missing.push(`${word} under ${base}`);
    }
  }
  return missing;
}

const entries = entriesOf(layoutBlock(readFileSync('README.md', 'utf8')));
const named = entries.flatMap(({ paths }) => paths);
const covers = (folder: string) =>
  named.some((path) => path === `${folder}/` || path.startsWith(`${folder}/`));

it('the README layout has an entry for every top-level folder and folder of src/', () => {
  expect(entries.length).toBeGreaterThan(10);
  expect(topFolders.filter((folder) => !covers(folder))).toEqual([]);
  expect(srcFolders.filter((folder) => !covers(folder))).toEqual([]);
});

it('names in the README layout only paths that exist', () => {
  expect(missingPaths(entries)).toEqual([]);
});
