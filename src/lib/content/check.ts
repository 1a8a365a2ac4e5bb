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

const quoteList = (values: Iterable<string>) =>
  [...values].map((value) => `« ${value} »`).join(', ') || '(aucune)';

/**
 * Every cross-reference problem of the content, given the validated entries of each collection.
 * @example crossReferenceProblems({ faq: [], pages: [{ id: 'faq', file, data: { blocks: [{ type: 'faq', categories: ['x'] }] } }] })
 *   // ['src/content/pages/faq.yaml — champ « blocks[1].categories[1] » : la catégorie de FAQ « x » n’existe pas. …']
 */
export function crossReferenceProblems(
  collections: Record<string, readonly CheckedEntry[]>,
): string[] {
  const problems: string[] = [];
  const of = (name: string) => collections[name] ?? [];
  const ids = (name: string) => new Set(of(name).map((entry) => entry.id));
  const pages = [...of('pages'), ...of('legal')];
  const blocks = pages.flatMap((page) =>
    ((page.data.blocks ?? []) as Record<string, any>[]).map((block, index) => ({
      page,
      block,
      index,
    })),
  );
  const blocksOf = (type: string) => blocks.filter(({ block }) => block.type === type);

  // Testimonials and projects shown by `showOn` tags.
  for (const [collection, type, noun] of [
    ['testimonials', 'testimonials', 'témoignage'],
    ['projects', 'projects', 'projet'],
  ] as const) {
    const tags = new Set(blocksOf(type).map(({ block }) => block.showOn as string));
    const carried = new Set(of(collection).flatMap((entry) => entry.data.showOn as string[]));
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
  const shownFaq = new Set<string>();
  for (const { page, block, index } of blocksOf('faq'))
    (block.categories as string[]).forEach((category, position) => {
      shownFaq.add(category);
      if (!faqIds.has(category))
        problems.push(
          contentErrorLine(
            page.file,
            ['blocks', index, 'categories', position],
            `la catégorie de FAQ « ${category} » n’existe pas. Choisissez parmi : ${quoteList([...faqIds].sort())} (les fichiers de src/content/faq/)`,
          ),
        );
    });
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
  const offerGroups = new Set(of('offers').map((entry) => entry.data.group as string));
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
      if (!of(collection).length)
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
  const authors = new Set(of('team').map((entry) => entry.data.name as string));
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
