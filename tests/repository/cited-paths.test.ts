/**
 * Comments and docs cite only paths that exist: a repository path (`src/…`, `tests/…`, `docs/…`),
 * a relative link of a Markdown file, a bare file name (`loader.ts`), and a `#section` of a
 * Markdown file, checked against its headings. A file git ignores (`supabase/functions/.env`) and
 * an example of a copywriter's file (`src/content/blog/mon-article.md`, its folder exists) pass.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { expect, it } from 'vitest';

const ROOTS = [
  'src',
  'tests',
  'scripts',
  'bench',
  'docs',
  'local-backend',
  'supabase',
  'public',
  '.github',
  '.ci',
];
const SCANNED =
  /^(src|tests|scripts|bench|docs|local-backend|supabase|\.github|\.ci)\/|^[^/]+\.(md|mjs|ts|jsonc)$/;
const CODE = /\.(ts|tsx|mts|mjs|js|astro|css)$/;
const TEXT = /\.(md|ya?ml)$/;
const SQL = /\.sql$/;

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' });
const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((path) => path && existsSync(path));
const names = new Set(tracked.map((path) => basename(path)));

/** The comments of a script (TypeScript's own parser), a stylesheet or an .astro file. */
export function commentsOf(path: string, text: string): string[] {
  if (path.endsWith('.css')) return text.match(/\/\*[\s\S]*?\*\//g) ?? [];
  if (path.endsWith('.astro')) {
    const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
    const template = text.slice(frontmatter.length);
    return [
      ...commentsOf('frontmatter.ts', frontmatter),
      ...(template.match(/\{\/\*[\s\S]*?\*\/\}|<!--[\s\S]*?-->/g) ?? []),
    ];
  }
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, string>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found.values()];
}

/** What a file says in prose: a Markdown file whole, the comments of YAML, SQL and scripts. */
function proseOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  if (path.endsWith('.md')) return [text];
  if (TEXT.test(path)) return text.match(/(^|\s)#[^\n]*/g) ?? [];
  if (SQL.test(path)) return text.match(/--[^\n]*/g) ?? [];
  return CODE.test(path) ? commentsOf(path, text) : [];
}

/** GitHub's anchor of a Markdown heading. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_\- ]/gu, '')
    .replace(/ /g, '-');
}

const anchorsOf = (path: string) =>
  new Set(
    [...readFileSync(path, 'utf8').matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) =>
      anchorOf(heading),
    ),
  );

const PATH = new RegExp(
  String.raw`(?<![\w./@-])((?:${ROOTS.map((root) => root.replace('.', '\\.')).join('|')})/(?:[\w.@-]|\[[\w.]+\]|/)*(?<![.-]))(#[\w-]+)?`,
  'g',
);
const LINK = /\]\(((?!https?:|mailto:|#|\/)[^)\s]+?)(#[\w-]+)?\)/g;
/** Markdown without its code: examples, not links. */
const withoutCode = (markdown: string) =>
  markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** A path that need not exist: one git ignores, or an example file in an existing content folder. */
function mayBeAbsent(path: string): boolean {
  if (path.startsWith('src/content/') && existsSync(dirname(path))) return true;
  try {
    git('check-ignore', '-q', '--no-index', path);
    return true;
  } catch {
    return false;
  }
}
const BARE = /(?<![\w./@-])([\w-]+\.(?:tsx?|mjs|astro|mts))(?![\w/-])/g;

/** Every cited path of `prose` (found in `file`) that does not exist, with why. */
export function brokenCitations(file: string, prose: string): string[] {
  const broken: string[] = [];
  const check = (path: string, anchor: string | undefined, cited: string) => {
    if (/[<>{}*$…]/.test(path)) return; // a pattern, not a path
    if (!existsSync(path) && mayBeAbsent(path)) return;
    if (!existsSync(path)) return broken.push(`${file}: ${cited} does not exist`);
    if (anchor && path.endsWith('.md') && !anchorsOf(path).has(anchor.slice(1)))
      broken.push(`${file}: ${cited}: no heading ${anchor} in ${path}`);
  };
  for (const [cited, path, anchor] of prose.matchAll(PATH)) check(path, anchor, cited);
  if (file.endsWith('.md'))
    for (const [, target, anchor] of withoutCode(prose).matchAll(LINK))
      check(normalize(join(dirname(file), decodeURI(target))), anchor, target + (anchor ?? ''));
  for (const [, name] of prose.matchAll(BARE))
    if (!names.has(name) && !names.has(name.replace(/\.mjs$/, '.ts')))
      broken.push(`${file}: ${name} is no file of the repository`);
  return broken;
}

const scanned = tracked.filter(
  (path) =>
    SCANNED.test(path) &&
    !path.startsWith('src/content/') &&
    !path.startsWith('tests/fixtures/') &&
    statSync(path).isFile(),
);

it('finds a cited path that does not exist, and a missing section', () => {
  expect(brokenCitations('x.ts', '// see src/nowhere.ts and docs/testing.md')).toEqual([
    'x.ts: src/nowhere.ts does not exist',
  ]);
  expect(brokenCitations('docs/x.md', '[a](testing.md#no-such-heading)')).toEqual([
    'docs/x.md: testing.md#no-such-heading: no heading #no-such-heading in docs/testing.md',
  ]);
  expect(brokenCitations('x.ts', '// gone-away.ts')).toEqual([
    'x.ts: gone-away.ts is no file of the repository',
  ]);
});

// A scan of the whole repository: allowed the time a loaded machine needs.
it('every path a comment or a doc cites exists', { timeout: 60_000 }, () => {
  const broken = scanned.flatMap((path) =>
    proseOf(path).flatMap((prose) => brokenCitations(path, prose)),
  );
  expect(broken).toEqual([]);
});
