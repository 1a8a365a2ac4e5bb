/**
 * French interface strings of the company pages (blog, careers, team, legal): labels, link texts, mail
 * subjects. Kept apart from fr.ts because fr.ts is bundled whole into every island, and these strings
 * are only used in server-rendered components. French typography: no-break space (\u00a0) before : ; ! ?
 */
export const frCompany = {
  readMore: 'Lire la suite',
  readMoreOf: (title: string) => ` de l’article «\u00a0${title}\u00a0»`,
  by: 'Par',
  publishedOn: 'Publié le',
  backToBlog: 'Tous les articles',
  rssTitle: 'Flux RSS du blog',
  newsletterLabel: 'Votre adresse e-mail',
  newsletterPlaceholder: 'vous@entreprise.fr',
  subscribe: 'S’abonner',
  apply: 'Postuler',
  applyFor: (title: string) => ` au poste ${title}`,
  applicationSubject: (title: string) => `Candidature\u00a0: ${title}`,
  spontaneousSubject: 'Candidature spontanée',
  skills: 'Compétences',
  experience: 'Expérience',
  location: 'Lieu',
  contractType: 'Type de contrat',
  locations: { Marseille: 'Marseille', Remote: 'Remote', 'Marseille/Remote': 'Marseille / Remote' },
  lastUpdated: 'Dernière mise à jour\u00a0:',
} as const;

/** Section titles and lines of /llms.txt (src/pages/llms.txt.ts), read by AI assistants. */
export const frLlms = {
  agency: 'L’agence',
  offers: 'Services et tarifs',
  projects: 'Réalisations',
  blog: 'Blog',
  faq: 'Questions fréquentes et contact',
  legal: 'Informations légales',
  contact: (phone: string, email: string) => `Contact\u00a0: ${phone}, ${email}.`,
} as const;
