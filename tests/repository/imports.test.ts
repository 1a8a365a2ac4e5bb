// The import graph of src/: no circles between files nor between the folders of src/lib/, and
// imports only run down the layers (pages → layouts → components → islands → stores → lib → schemas). Read from the source text of
// every file (static imports, `import()` and `export … from`), relative specifiers only.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve('src');
/** The copywriters' files (src/content/), not code: src/lib/content/ is walked. */
const CONTENT = path.join(SRC, 'content');
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '.astro', '/index.ts'];

/** Each top folder of src/ and its layer: a file may import its own layer or a lower one (higher number). */
const LAYERS: Record<string, number> = {
  pages: 0,
  integrations: 0,
  worker: 0,
  'content.config.ts': 0,
  layouts: 1,
  components: 2,
  cms: 2,
  islands: 3,
  stores: 4,
  lib: 5,
  schemas: 6,
  assets: 7,
  styles: 7,
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === CONTENT ? [] : sourceFiles(full);
    return /\.(ts|tsx|mjs|js|astro)$/.test(entry.name) ? [full] : [];
  });
}

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"?]+)(?:\?[^'"]*)?\1/g;

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const base = path.resolve(path.dirname(file), match[2]);
    const target = EXTENSIONS.map((ext) => base + ext).find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
    if (target?.startsWith(SRC + path.sep)) found.push(target);
  }
  return found;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));
const rel = (file: string) => path.relative(process.cwd(), file);
const layerOf = (file: string) => {
  const top = path.relative(SRC, file).split(path.sep)[0];
  const layer = LAYERS[top];
  if (layer === undefined) throw new Error(`${rel(file)}: src/${top} has no layer in tests/repository/imports.test.ts`);
  return layer;
};

const LIB = path.join(SRC, 'lib');
/** The folder of src/lib/ a file lives in (`src/lib/search`), or undefined outside src/lib/. */
const libFolder = (file: string) =>
  file.startsWith(LIB + path.sep) && path.relative(LIB, file).includes(path.sep)
    ? path.join(LIB, path.relative(LIB, file).split(path.sep)[0])
    : undefined;

/** Folder pairs of src/lib/ that import each other, directly or through other folders. */
function folderCircles(edges: Map<string, Set<string>>): string[] {
  const reach = (from: string, to: string, seen = new Set<string>()): boolean =>
    [...(edges.get(from) ?? [])].some(
      (next) => next === to || (!seen.has(next) && (seen.add(next), reach(next, to, seen))),
    );
  const folders = [...edges.keys()].sort();
  return folders.flatMap((a, i) =>
    folders.slice(i + 1).flatMap((b) => (reach(a, b) && reach(b, a) ? [`${a} ↔ ${b}`] : [])),
  );
}

describe('import graph of src/', () => {
  it('reads a real graph (the walk finds the layout, the islands and their imports)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect([...graph.values()].flat().length).toBeGreaterThan(200);
  });

  it('has no import circles', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open')
          circles.push([...stack.slice(stack.indexOf(next)), next].map(rel).join(' → '));
        else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('has no circles between the folders of src/lib/', () => {
    const edges = new Map<string, Set<string>>();
    for (const [file, targets] of graph) {
      const from = libFolder(file);
      if (!from) continue;
      const out = edges.get(rel(from)) ?? new Set<string>();
      for (const to of targets.map(libFolder)) if (to && to !== from) out.add(rel(to));
      edges.set(rel(from), out);
    }
    expect(edges.size).toBeGreaterThan(10);
    expect(folderCircles(edges)).toEqual([]);
  });

  it('finds a circle between two folders through a third', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(folderCircles(edges)).toEqual(['a ↔ b', 'a ↔ c', 'b ↔ c']);
  });

  it('imports only run down the layers', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => layerOf(target) < layerOf(file)).map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(upward).toEqual([]);
  });
});
