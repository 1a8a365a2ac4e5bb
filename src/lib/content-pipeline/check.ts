/**
 * Checks across files, in French: every name that points at another entry names one that exists, and
 * no block would render empty. One line per problem, naming file, field and fix, like the schema's.
 */
import type { CollectionEntry, CollectionKey } from 'astro:content';
import { contentErrorLine } from './errors';

/** One validated entry of collection `C`: its id (file name), file and data. */
export interface CheckedEntry<C extends CollectionKey = CollectionKey> {
  id: string;
  file: string;
  data: CollectionEntry<C>['data'];
}

/** A file that failed its own check: its data as written, `undefined` when its YAML is unreadable. */
export interface BrokenEntry {
  id: string;
  file: string;
  data: unknown;
}

/** The validated entries of each collection, and the broken ones. */
export type CheckedCollections = { [C in CollectionKey]?: readonly CheckedEntry<C>[] };
export type BrokenCollections = Partial<Record<CollectionKey, readonly BrokenEntry[]>>;

type Block = NonNullable<CollectionEntry<'pages'>['data']['blocks']>[number];
type BlockType = Block['type'];
/** A block of a page, with its page and its position in the page's `blocks`. */
interface PlacedBlock<T extends BlockType> {
  page: CheckedEntry<'pages' | 'legal'>;
  block: Extract<Block, { type: T }>;
  index: number;
}

const quoteList = (values: Iterable<string>) =>
  [...values].map((value) => `« ${value} »`).join(', ') || '(aucune)';
/** A list, or nothing: reads the unvalidated data of broken files. */
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** The texts among values read from broken files (a missing field is no name). */
const texts = (values: unknown[]) => values.filter((value) => typeof value === 'string');
const field = (data: unknown, key: string): unknown =>
  data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;

/** What the checks read: the valid entries, and what others may point at (broken entries too). */
interface Content {
  of<C extends CollectionKey>(name: C): readonly CheckedEntry<C>[];
  /** Valid and broken entries of these collections. */
  targets(...names: CollectionKey[]): { id: string; data: unknown }[];
  /** Whether every file of these collections could be read (their data is known). */
  readable(...names: CollectionKey[]): boolean;
  ids(name: CollectionKey): Set<string>;
  /** The blocks of a type on the valid pages. */
  blocksOf<T extends BlockType>(type: T): PlacedBlock<T>[];
  /** The blocks of a type on every page, broken pages included. */
  anyBlocksOf(type: BlockType): unknown[];
}

function contentOf(collections: CheckedCollections, broken: BrokenCollections): Content {
  const of = <C extends CollectionKey>(name: C) =>
    (collections[name] ?? []) as readonly CheckedEntry<C>[];
  const targets = (...names: CollectionKey[]) =>
    names.flatMap((name) => [...of(name), ...(broken[name] ?? [])]);
  const pages = [...of('pages'), ...of('legal')];
  const blocks = pages.flatMap((page) =>
    (page.data.blocks ?? []).map((block, index) => ({ page, block, index })),
  );
  return {
    of,
    targets,
    readable: (...names) =>
      names.every((name) => (broken[name] ?? []).every((entry) => entry.data !== undefined)),
    ids: (name) => new Set(targets(name).map((entry) => entry.id)),
    blocksOf: <T extends BlockType>(type: T) =>
      blocks.filter((placed): placed is PlacedBlock<T> => placed.block.type === type),
    anyBlocksOf: (type) =>
      targets('pages', 'legal')
        .flatMap(({ data }) => list(field(data, 'blocks')))
        .filter((block) => field(block, 'type') === type),
  };
}

/** Testimonials and projects are shown by `showOn` tags: each tag is shown, each block is fed. */
function showOnProblems(content: Content, collection: 'testimonials' | 'projects', noun: string) {
  const problems: string[] = [];
  const tags = new Set(
    texts(content.anyBlocksOf(collection).map((block) => field(block, 'showOn'))),
  );
  const carried = new Set(
    content.targets(collection).flatMap(({ data }) => list(field(data, 'showOn'))),
  );
  if (content.readable('pages', 'legal'))
    for (const entry of content.of(collection))
      entry.data.showOn.forEach((tag, index) => {
        if (!tags.has(tag))
          problems.push(
            contentErrorLine(
              entry.file,
              ['showOn', index],
              `aucune page n’affiche les ${noun}s « ${tag} ». Choisissez parmi : ${quoteList([...tags].sort())} (le « showOn » d’un bloc « ${collection} » d’une page)`,
            ),
          );
      });
  if (content.readable(collection))
    for (const { page, block, index } of content.blocksOf(collection))
      if (!carried.has(block.showOn))
        problems.push(
          contentErrorLine(
            page.file,
            ['blocks', index, 'showOn'],
            `aucun ${noun} n’a « ${block.showOn} » dans son « showOn » : la section serait vide. Ajoutez « ${block.showOn} » au « showOn » d’un ${noun} (src/content/${collection}/), ou retirez ce bloc`,
          ),
        );
  return problems;
}

/** FAQ categories: each one a block names exists, each one is shown somewhere. */
function faqProblems(content: Content) {
  const faqIds = content.ids('faq');
  const problems = content
    .blocksOf('faq')
    .flatMap(({ page, block, index }) =>
      block.categories.flatMap((category, position) =>
        faqIds.has(category)
          ? []
          : contentErrorLine(
              page.file,
              ['blocks', index, 'categories', position],
              `la catégorie de FAQ « ${category} » n’existe pas. Choisissez parmi : ${quoteList([...faqIds].sort())} (les fichiers de src/content/faq/)`,
            ),
      ),
    );
  const shown = new Set(
    content.anyBlocksOf('faq').flatMap((block) => list(field(block, 'categories'))),
  );
  if (content.readable('pages', 'legal'))
    for (const entry of content.of('faq'))
      if (!shown.has(entry.id))
        problems.push(
          contentErrorLine(
            entry.file,
            [],
            `cette catégorie de FAQ n’est affichée sur aucune page. Ajoutez « ${entry.id} » aux « categories » d’un bloc « faq » (par exemple dans src/content/pages/faq.yaml), ou supprimez le fichier`,
          ),
        );
  return problems;
}

/** Blocks fed by a whole collection are never empty; the list of posts is on the blog's page only. */
function emptyBlockProblems(content: Content) {
  const problems: string[] = [];
  const groups = new Set(texts(content.targets('offers').map(({ data }) => field(data, 'group'))));
  if (content.readable('offers'))
    for (const type of ['offers', 'comparison'] as const)
      for (const { page, block, index } of content.blocksOf(type))
        if (!groups.has(block.group))
          problems.push(
            contentErrorLine(
              page.file,
              ['blocks', index, 'group'],
              `aucune offre n’est dans le groupe « ${block.group} » : la section serait vide. Choisissez parmi : ${quoteList([...groups].sort())}, ou ajoutez une offre à ce groupe (src/content/offers/)`,
            ),
          );
  for (const [type, collection, what] of [
    ['team', 'team', 'aucun membre de l’équipe'],
    ['jobs', 'jobs', 'aucune offre d’emploi'],
    ['consultations', 'consultations', 'aucun type de consultation'],
    ['projectFilter', 'projects', 'aucun projet'],
  ] as const)
    for (const { page, index } of content.blocksOf(type))
      if (!content.targets(collection).length)
        problems.push(
          contentErrorLine(
            page.file,
            ['blocks', index],
            `${what} (src/content/${collection}/) : la section « ${type} » serait vide. Ajoutez-en un fichier, ou retirez ce bloc`,
          ),
        );
  for (const { page, index } of content.blocksOf('posts'))
    if (page.id !== 'blog' || page.file.includes('/legal/'))
      problems.push(
        contentErrorLine(
          page.file,
          ['blocks', index],
          'la liste des articles ne s’affiche que sur la page du blog (src/content/pages/blog.yaml) : ici elle serait vide. Retirez ce bloc',
        ),
      );
  return problems;
}

/** A post's author is a team member; the slot grid books a consultation that exists. */
function nameProblems(content: Content) {
  const problems: string[] = [];
  const authors = new Set(texts(content.targets('team').map(({ data }) => field(data, 'name'))));
  if (content.readable('team'))
    for (const post of content.of('blog'))
      if (!authors.has(post.data.author))
        problems.push(
          contentErrorLine(
            post.file,
            ['author'],
            `« ${post.data.author} » n’est pas un membre de l’équipe. Choisissez parmi : ${quoteList([...authors].sort())} (le « name » des fichiers de src/content/team/)`,
          ),
        );
  const consultations = content.ids('consultations');
  for (const week of content.of('slots'))
    if (!consultations.has(week.data.consultation))
      problems.push(
        contentErrorLine(
          week.file,
          ['consultation'],
          `le type de consultation « ${week.data.consultation} » n’existe pas. Choisissez parmi : ${quoteList([...consultations].sort())} (les fichiers de src/content/consultations/)`,
        ),
      );
  const weeks = content.ids('slots');
  for (const { page, block, index } of content.blocksOf('slots'))
    if (!weeks.has(block.week))
      problems.push(
        contentErrorLine(
          page.file,
          ['blocks', index, 'week'],
          `la grille de créneaux « ${block.week} » n’existe pas. Choisissez parmi : ${quoteList([...weeks].sort())} (les fichiers de src/content/slots/)`,
        ),
      );
  return problems;
}

/**
 * Every cross-reference problem of the content, given the validated entries of each collection.
 * Files that failed their own check (`broken`, reported apart) are never blamed here, but still
 * count as what other files point at: a page with an unknown field still shows its testimonials, so
 * every error of the content comes out in one pass without false alarms. A reference whose target
 * depends on a file whose YAML cannot be read is left for the next build.
 * @example crossReferenceProblems({ faq: [], pages: [{ id: 'faq', file, data: { blocks: [{ type: 'faq', categories: ['x'] }] } }] })
 *   // ['src/content/pages/faq.yaml — champ « blocks[1].categories[1] » : la catégorie de FAQ « x » n’existe pas. …']
 */
export function crossReferenceProblems(
  collections: CheckedCollections,
  broken: BrokenCollections = {},
): string[] {
  const content = contentOf(collections, broken);
  return [
    ...showOnProblems(content, 'testimonials', 'témoignage'),
    ...showOnProblems(content, 'projects', 'projet'),
    ...faqProblems(content),
    ...emptyBlockProblems(content),
    ...nameProblems(content),
  ];
}
