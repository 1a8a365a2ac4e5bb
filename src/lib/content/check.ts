/**
 * Checks across files, in French: every name that points at another entry (a testimonial's or a
 * project's `showOn`, a FAQ block's categories, a post's author, the slot grid's consultation) names
 * one that exists, and no block would render empty (a `showOn` nobody carries, an offer group with
 * no offer, a FAQ category no page shows…). One line per problem, naming the file, the field and the
 * fix, like the schema messages (src/lib/content/errors.ts).
 */
import { contentErrorLine } from './errors';

/** One validated entry: its id (file name), file and data. */
export interface CheckedEntry {
  id: string;
  file: string;
  data: Record<string, any>;
}

/**
 * A file that failed its own check: its id, file and, when its YAML could be read, its data as
 * written (not validated; `undefined` when unreadable).
 */
export interface BrokenEntry {
  id: string;
  file: string;
  data: unknown;
}

const quoteList = (values: Iterable<string>) =>
  [...values].map((value) => `« ${value} »`).join(', ') || '(aucune)';

/** A list, or nothing: reads the unvalidated data of broken files. */
const list = (value: unknown): any[] => (Array.isArray(value) ? value : []);
/** The texts among values read from broken files (a missing field is no name). */
const texts = (values: unknown[]) => values.filter((value) => typeof value === 'string');
const field = (data: unknown, key: string): unknown =>
  data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;

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
  collections: Record<string, readonly CheckedEntry[]>,
  broken: Record<string, readonly BrokenEntry[]> = {},
): string[] {
  const problems: string[] = [];
  const of = (name: string) => collections[name] ?? [];
  /** What others may point at: valid entries and broken ones. */
  const targets = (...names: string[]): { id: string; data: unknown }[] =>
    names.flatMap((name) => [...of(name), ...(broken[name] ?? [])]);
  /** Whether every file of these collections could be read (their data is known). */
  const readable = (...names: string[]) =>
    names.every((name) => (broken[name] ?? []).every((entry) => entry.data !== undefined));
  const ids = (name: string) => new Set(targets(name).map((entry) => entry.id));
  const pages = [...of('pages'), ...of('legal')];
  const blocks = pages.flatMap((page) =>
    ((page.data.blocks ?? []) as Record<string, any>[]).map((block, index) => ({
      page,
      block,
      index,
    })),
  );
  const blocksOf = (type: string) => blocks.filter(({ block }) => block.type === type);
  /** The blocks of a type on every page, broken pages included. */
  const anyBlocksOf = (type: string) =>
    targets('pages', 'legal')
      .flatMap(({ data }) => list(field(data, 'blocks')))
      .filter((block) => field(block, 'type') === type);

  // Testimonials and projects shown by `showOn` tags.
  for (const [collection, type, noun] of [
    ['testimonials', 'testimonials', 'témoignage'],
    ['projects', 'projects', 'projet'],
  ] as const) {
    const tags = new Set(texts(anyBlocksOf(type).map((block) => field(block, 'showOn'))));
    const carried = new Set(targets(collection).flatMap(({ data }) => list(field(data, 'showOn'))));
    if (readable('pages', 'legal'))
      for (const entry of of(collection))
        (entry.data.showOn as string[]).forEach((tag, index) => {
          if (!tags.has(tag))
            problems.push(
              contentErrorLine(
                entry.file,
                ['showOn', index],
                `aucune page n’affiche les ${noun}s « ${tag} ». Choisissez parmi : ${quoteList([...tags].sort())} (le « showOn » d’un bloc « ${type} » d’une page)`,
              ),
            );
        });
    if (readable(collection))
      for (const { page, block, index } of blocksOf(type))
        if (!carried.has(block.showOn))
          problems.push(
            contentErrorLine(
              page.file,
              ['blocks', index, 'showOn'],
              `aucun ${noun} n’a « ${block.showOn} » dans son « showOn » : la section serait vide. Ajoutez « ${block.showOn} » au « showOn » d’un ${noun} (src/content/${collection}/), ou retirez ce bloc`,
            ),
          );
  }

  // FAQ categories: each named one exists, each one is shown somewhere.
  const faqIds = ids('faq');
  for (const { page, block, index } of blocksOf('faq'))
    (block.categories as string[]).forEach((category, position) => {
      if (!faqIds.has(category))
        problems.push(
          contentErrorLine(
            page.file,
            ['blocks', index, 'categories', position],
            `la catégorie de FAQ « ${category} » n’existe pas. Choisissez parmi : ${quoteList([...faqIds].sort())} (les fichiers de src/content/faq/)`,
          ),
        );
    });
  const shownFaq = new Set(anyBlocksOf('faq').flatMap((block) => list(field(block, 'categories'))));
  if (readable('pages', 'legal'))
    for (const entry of of('faq'))
      if (!shownFaq.has(entry.id))
        problems.push(
          contentErrorLine(
            entry.file,
            [],
            `cette catégorie de FAQ n’est affichée sur aucune page. Ajoutez « ${entry.id} » aux « categories » d’un bloc « faq » (par exemple dans src/content/pages/faq.yaml), ou supprimez le fichier`,
          ),
        );

  // Blocks fed by a whole collection: never empty.
  const offerGroups = new Set(texts(targets('offers').map(({ data }) => field(data, 'group'))));
  if (readable('offers'))
    for (const type of ['offers', 'comparison'])
      for (const { page, block, index } of blocksOf(type))
        if (!offerGroups.has(block.group))
          problems.push(
            contentErrorLine(
              page.file,
              ['blocks', index, 'group'],
              `aucune offre n’est dans le groupe « ${block.group} » : la section serait vide. Choisissez parmi : ${quoteList([...offerGroups].sort())}, ou ajoutez une offre à ce groupe (src/content/offers/)`,
            ),
          );
  for (const [type, collection, what] of [
    ['team', 'team', 'aucun membre de l’équipe'],
    ['jobs', 'jobs', 'aucune offre d’emploi'],
    ['consultations', 'consultations', 'aucun type de consultation'],
    ['projectFilter', 'projects', 'aucun projet'],
  ] as const)
    for (const { page, index } of blocksOf(type))
      if (!targets(collection).length)
        problems.push(
          contentErrorLine(
            page.file,
            ['blocks', index],
            `${what} (src/content/${collection}/) : la section « ${type} » serait vide. Ajoutez-en un fichier, ou retirez ce bloc`,
          ),
        );
  for (const { page, index } of blocksOf('posts'))
    if (page.id !== 'blog' || page.file.includes('/legal/'))
      problems.push(
        contentErrorLine(
          page.file,
          ['blocks', index],
          'la liste des articles ne s’affiche que sur la page du blog (src/content/pages/blog.yaml) : ici elle serait vide. Retirez ce bloc',
        ),
      );

  // A post's author is a team member; the slot grid books a consultation that exists.
  const authors = new Set(texts(targets('team').map(({ data }) => field(data, 'name'))));
  if (readable('team'))
    for (const post of of('blog'))
      if (!authors.has(post.data.author))
        problems.push(
          contentErrorLine(
            post.file,
            ['author'],
            `« ${post.data.author} » n’est pas un membre de l’équipe. Choisissez parmi : ${quoteList([...authors].sort())} (le « name » des fichiers de src/content/team/)`,
          ),
        );
  const consultations = ids('consultations');
  for (const week of of('slots'))
    if (!consultations.has(week.data.consultation))
      problems.push(
        contentErrorLine(
          week.file,
          ['consultation'],
          `le type de consultation « ${week.data.consultation} » n’existe pas. Choisissez parmi : ${quoteList([...consultations].sort())} (les fichiers de src/content/consultations/)`,
        ),
      );
  const weeks = ids('slots');
  for (const { page, block, index } of blocksOf('slots'))
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
