/**
 * French strings of the blog listings (pagination, categories) and of the reading aids of posts and
 * project pages (table of contents, anchors, related entries, previous/next), server-rendered only.
 * French typography: no-break space (\u00a0) before : ; ! ? and inside « ».
 */
const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);

export const frBlog = {
  allPosts: 'Tous les articles',
  categoriesLabel: 'Catégories du blog',
  paginationLabel: 'Pages du blog',
  previous: 'Page précédente',
  next: 'Page suivante',
  /** Read before a page number by screen readers: « Page 3 ». */
  pageWord: 'Page ',
  /**
   * The title of page `n` of a listing: the number only, so that page 84 of 84 still fits a search
   * result (docs/decisions/content.md#titles-fit-a-search-result); the description says « sur N ».
   */
  pagedTitle: (title: string, n: number) => (n > 1 ? `${title}, page ${n}` : title),
  /** The description of page `n` of a listing (each page's description must be unique). */
  pagedDescription: (description: string, n: number, last: number) =>
    n > 1 ? `${description} Page ${n} sur ${last}.` : description,
  categoryTitle: (category: string) => `Articles «\u00a0${category}\u00a0»`,
  categoryDescription: (category: string, count: number) =>
    `${count} ${plural(count, 'article', 'articles')} de l’équipe sur le thème «\u00a0${category}\u00a0»\u00a0: conseils concrets pour les entreprises, à Marseille et ailleurs.`,
  categoryHeading: 'Les articles de cette catégorie',
  postCount: (count: number) => `${count} ${plural(count, 'article', 'articles')}`,
  /** The table of contents: its landmark name, and the summary that opens it on small screens. */
  toc: 'Sommaire',
  tocSummary: (count: number) => `Sommaire (${count}\u00a0sections)`,
  /** Read by screen readers on the link that follows each h2/h3 of an article. */
  anchorLabel: 'Lien vers cette section',
  relatedTitle: 'À lire aussi',
  adjacentLabel: 'Articles précédent et suivant',
  previousPost: 'Article précédent',
  nextPost: 'Article suivant',
} as const;

/** French strings of the end of a project page (other projects, previous/next). */
export const frProjectNav = {
  relatedTitle: 'D’autres réalisations',
  adjacentLabel: 'Projets précédent et suivant',
  previous: 'Projet précédent',
  next: 'Projet suivant',
} as const;
