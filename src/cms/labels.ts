/**
 * French labels of the visual editor (/admin), in one place with src/cms/field-labels.ts (the
 * fields'). The editor's configuration is generated from the zod schemas (src/cms/config.ts); every
 * collection, field and block type needs a label, and tests/unit/cms-config.test.ts fails naming any
 * that is missing.
 */

/** Collections: name in the editor's menu, singular for « Nouveau … », and an optional description. */
export const collectionLabels: Record<
  string,
  { label: string; singular?: string; description?: string }
> = {
  settings: {
    label: 'Réglages du site',
    description:
      'Coordonnées, chiffres clés, informations légales et menus, repris sur tout le site.',
  },
  pages: {
    label: 'Pages',
    singular: 'Page',
    description:
      'Chaque page est une suite de sections (blocs) : cartes, étapes, chiffres, appel à l’action…',
  },
  services: { label: 'Pages d’offre', singular: 'Page d’offre' },
  offers: {
    label: 'Offres et prix',
    singular: 'Offre',
    description: 'Chaque prix est écrit ici une seule fois ; les pages le reprennent.',
  },
  projects: { label: 'Projets', singular: 'Projet' },
  consultations: { label: 'Types de consultation', singular: 'Type de consultation' },
  slots: { label: 'Créneaux de la semaine' },
  faq: { label: 'Questions fréquentes', singular: 'Catégorie de FAQ' },
  testimonials: { label: 'Témoignages', singular: 'Témoignage' },
  team: { label: 'Équipe', singular: 'Membre de l’équipe' },
  blog: { label: 'Articles du blog', singular: 'Article' },
  jobs: { label: 'Offres d’emploi', singular: 'Offre d’emploi' },
  legal: {
    label: 'Textes légaux',
    singular: 'Texte légal',
    description:
      'Des pages comme les autres (en-tête, sections) dont le bloc « Texte du document » affiche le texte Markdown.',
  },
};

/** Collections that use another's schema, and so its `<collection>.<path>` labels and relations. */
export const sharedSchemas: Record<string, string> = { legal: 'pages' };

/** Block types of pages built from typed blocks (the `type` of each block). */
export const variantLabels: Record<string, string> = {
  cards: 'Cartes',
  steps: 'Étapes',
  tags: 'Étiquettes',
  offers: 'Grille d’offres',
  comparison: 'Tableau comparatif d’offres',
  projects: 'Projets',
  projectFilter: 'Projets avec filtre',
  testimonials: 'Témoignages',
  faq: 'Questions fréquentes',
  stats: 'Chiffres clés',
  cta: 'Appel à l’action',
  dashboard: 'Tableau de bord',
  consultations: 'Consultations',
  slots: 'Créneaux',
  text: 'Texte',
  team: 'Équipe',
  jobs: 'Offres d’emploi',
  automation: 'Automatisation animée',
  integrations: 'Intégrations',
  booking: 'Prise de rendez-vous',
  form: 'Formulaire de contact',
  location: 'Plan d’accès',
  details: 'Coordonnées',
  consultation: 'Consultation en visio',
  guarantee: 'Garantie',
  checklist: 'Liste de points',
  document: 'Texte du document (Markdown)',
  posts: 'Liste des articles du blog',
  newsletter: 'Inscription à la newsletter',
};

/** French names of the project categories (`projectCategories` of src/schemas/projects.ts). */
const projectCategoryNames: Record<string, string> = {
  automatisation: 'Automatisation',
  'sites-web': 'Sites web',
  'e-commerce': 'E-commerce',
  applications: 'Applications',
};

/**
 * French names of the choices of a list whose values are codes (`<collection>.<path>`, or the field
 * name); the file keeps the code.
 */
export const optionLabels: Record<string, Record<string, string>> = {
  'blog.cover': {
    web: 'Site web',
    ai: 'Intelligence artificielle',
    automation: 'Automatisation',
    seo: 'Référencement',
    ecommerce: 'E-commerce',
  },
  tone: { default: 'Clair', alt: 'Gris clair', dark: 'Sombre' },
  // A button's style, and a project list's (the same field name in two places).
  variant: {
    primary: 'Plein, couleur de la marque',
    secondary: 'Contour, couleur de la marque',
    light: 'Plein blanc (sur fond sombre)',
    'outline-light': 'Contour blanc (sur fond sombre)',
    compact: 'Cartes compactes',
    detailed: 'Fiches détaillées',
  },
  // A project's category, and the portfolio filter's buttons (`all`: every project).
  category: projectCategoryNames,
  slug: { all: 'Tous les projets', ...projectCategoryNames },
  'projects.preview.kind': { site: 'Site web', chatbot: 'Chatbot', workflow: 'Workflow' },
  'projects.preview.messages.from': { visitor: 'Le visiteur', bot: 'Le chatbot' },
  colour: {
    indigo: 'Indigo',
    emerald: 'Émeraude',
    rose: 'Rose',
    amber: 'Ambre',
    sky: 'Bleu ciel',
    violet: 'Violet',
  },
  'team.links.kind': {
    linkedin: 'LinkedIn',
    github: 'GitHub',
    dribbble: 'Dribbble',
    twitter: 'X (Twitter)',
    website: 'Site web',
    mail: 'E-mail',
  },
  'pages.blocks.display': {
    grid: 'Grille',
    bento: 'Mosaïque',
    timeline: 'Frise',
    cards: 'Cartes',
    list: 'Liste',
    carousel: 'Carrousel',
  },
  'pages.hero.size': { page: 'Normale', home: 'Grande (accueil)' },
  'projects.preview.typeface': {
    sans: 'Sans empattements',
    serif: 'À empattements',
    rounded: 'Arrondie',
  },
};

/** Fields shown as a multi-line text area rather than a one-line input. */
export const longTextFields = new Set([
  'answer',
  'challenge',
  'content',
  'description',
  'directions',
  'intro',
  'lead',
  'solution',
  'text',
]);

/**
 * Text fields that name an entry of another collection (a file name, or `valueField` of the entry):
 * the editor offers a list of those entries instead of free text. Keyed `<collection>.<path>`; a list
 * of such names becomes a multiple choice. (Fields typed with Astro's `reference()` need no entry.)
 */
export const fieldRelations: Record<string, { collection: string; valueField?: string }> = {
  'blog.author': { collection: 'team', valueField: 'name' },
  'pages.blocks.categories': { collection: 'faq' },
  'slots.consultation': { collection: 'consultations' },
};
