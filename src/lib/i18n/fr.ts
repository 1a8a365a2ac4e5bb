/**
 * Every French interface string that is not marketing copy: button states, notices, errors, labels.
 * Marketing copy lives in `src/content/`. French typography: a no-break space (\u00a0) before : ; ! ?
 *
 * One named export per concern; import the module as a namespace (`import * as fr from …`) so each
 * island's bundle keeps only the strings it reads.
 */

export const skipLink = 'Aller au contenu principal';
export const nav = {
  label: 'Navigation principale',
  menu: 'Menu',
  closeMenu: 'Fermer le menu',
  home: 'Accueil',
} as const;
export const breadcrumbs = 'Fil d’Ariane';
export const footer = {
  social: 'Réseaux sociaux',
  rights: 'Tous droits réservés.',
  contact: 'Nous contacter',
} as const;
export const toast = {
  close: 'Fermer la notification',
  region: 'Notifications',
} as const;
// The forms' strings live beside the Edge Functions, which answer visitors without JavaScript in the
// same words (supabase/functions/_shared/messages-fr.ts).
import {
  contact,
  contactRefused,
  contactRelease,
  newsletter,
  newsletterConfirm,
  newsletterRefused,
} from '../../../supabase/functions/_shared/messages-fr';
// The refusal pages' words are the function's; re-exported so the typography test reads them too.
export {
  contact,
  contactRefused,
  contactRelease,
  newsletter,
  newsletterConfirm,
  newsletterRefused,
};
/**
 * Result pages of the button that sends a held lead to the agency (/contact/envoyer/<result>), read
 * by the agency: `form-post` leads there (RELEASE_PAGES, supabase/functions/form-post/release-post.ts).
 */
export const contactReleasePages = {
  envoye: {
    title: 'Message envoyé à l’agence',
    lead: 'La demande vous est transmise par e-mail, une seule fois\u00a0: elle arrive dans votre boîte de réception d’ici quelques minutes.',
  },
  'deja-envoye': {
    title: 'Message déjà envoyé',
    lead: 'Cette demande a déjà été transmise à l’agence\u00a0: cherchez-la dans votre boîte de réception. Elle ne vous sera pas envoyée une seconde fois.',
  },
  'lien-expire': {
    title: 'Lien d’envoi expiré',
    lead: 'Ce lien ne fonctionne plus. Pour transmettre la demande, exécutez la commande SQL donnée avec le lien dans le même e-mail (éditeur SQL de Supabase).',
  },
  'lien-invalide': {
    title: 'Lien d’envoi invalide',
    lead: 'Ce lien est incomplet ou a été modifié. Ouvrez-le de nouveau depuis l’e-mail, en entier, ou exécutez la commande SQL donnée avec lui (éditeur SQL de Supabase).',
  },
  back: 'Retour à l’accueil',
} as const;
/** Result pages of the newsletter e-mail links and sign-ups (/newsletter/<result>). */
export const newsletterPages = {
  confirmee: {
    title: 'Inscription confirmée',
    lead: 'Merci\u00a0! Votre adresse est confirmée\u00a0: vous recevrez nos prochains articles par e-mail.',
  },
  desinscription: {
    title: 'Désinscription enregistrée',
    lead: 'Vous ne recevrez plus notre newsletter\u00a0: votre adresse sera supprimée de notre base dans l’heure. Vous pouvez vous réinscrire à tout moment depuis le blog.',
  },
  'deja-confirmee': {
    title: 'Inscription déjà confirmée',
    lead: 'Cette inscription était déjà confirmée : vous recevrez bien nos prochains articles.',
  },
  'lien-expire': {
    title: 'Lien expiré',
    lead: 'Ce lien de confirmation a plus de 7 jours : il ne fonctionne plus. Inscrivez-vous de nouveau depuis le blog pour en recevoir un nouveau.',
  },
  /** Where the box leads after a sign-up sent without JavaScript. */
  inscription: { title: newsletter.pendingTitle, lead: newsletter.pendingText },
  'lien-invalide': {
    title: 'Lien invalide',
    lead: 'Ce lien n’est pas valide ou n’est plus utilisable. Inscrivez-vous de nouveau depuis le blog si besoin.',
  },
  back: 'Retour au blog',
} as const;
export const booking = {
  loading: 'Chargement du calendrier…',
  privacy:
    'Le calendrier est fourni par Calendly, un service tiers qui dépose des cookies. Il ne se charge que si vous le demandez.',
  show: 'Afficher le calendrier',
  unavailable: 'Le calendrier ne se charge pas pour le moment.',
  direct: 'Réserver sur la page de réservation',
  call: 'ou appelez-nous au\u00a0',
  frameTitle: 'Calendrier de réservation en ligne',
  scheduledTitle: 'Rendez-vous confirmé\u00a0!',
  scheduledText: 'Merci\u00a0! Vous allez recevoir une confirmation par e-mail.',
} as const;
export const carousel = {
  pause: 'Mettre en pause le défilement',
  play: 'Reprendre le défilement',
  goTo: (n: number) => `Afficher le groupe d’avis ${n}`,
  label: 'Avis de nos clients',
  slide: (n: number, total: number) => `${n} sur ${total}`,
  rating: (n: number) => `Note\u00a0: ${n} sur 5`,
} as const;
export const automation = {
  pause: 'Mettre en pause l’animation',
  play: 'Reprendre l’animation',
  step: (n: number) => `Étape ${n}`,
} as const;
export const offers = {
  technologiesOf: (title: string) => `Technologies\u00a0: ${title}`,
  previewOf: (kind: 'site' | 'chatbot' | 'workflow', client: string) =>
    ({
      site: `Aperçu du site de ${client}`,
      chatbot: `Aperçu d’une conversation avec le chatbot de ${client}`,
      workflow: `Aperçu du workflow automatisé de ${client}`,
    })[kind],
  linkTo: (label: string, title: string) => `${label}\u00a0: ${title}`,
  rating: (stars: number) => `Note\u00a0: ${stars} sur 5`,
  filterGroup: 'Filtrer les projets par catégorie',
  projectCount: (count: number) =>
    count > 1 ? `${count} projets affichés` : `${count} projet affiché`,
  slotsOf: (day: string) => `Créneaux du ${day}`,
  slotLink: (time: string, day: string) => `${time}, ${day}`,
} as const;
export const notFound = {
  title: 'Oops! Page not found',
  /** The title is English (a wording kept as given), so it says so (WCAG 3.1.2). */
  titleLang: 'en',
  back: 'Retour à l’accueil',
} as const;
export const search = {
  open: 'Rechercher',
  label: 'Rechercher sur le site',
  /** The form's submit button. */
  submit: 'Chercher',
  /** `{n}`: the number of pages found. */
  one: '1 résultat',
  many: '{n} résultats',
  /** `{q}`: the query. */
  none: 'Aucun résultat pour «\u00a0{q}\u00a0».',
  suggest: 'Essayez un autre mot, ou voyez\u00a0:',
  all: 'Voir tous les résultats',
  faq: 'FAQ',
  failed: 'La recherche ne répond pas. Réessayez, ou parcourez la liste des pages ci-dessous.',
  searching: 'Recherche…',
} as const;
export const searchPage = {
  title: 'Rechercher sur le site',
  description:
    'Trouvez une offre, un prix, une réponse de la FAQ, un projet ou un article\u00a0: la recherche du site et la liste de toutes ses pages.',
  lead: 'Un mot suffit\u00a0: «\u00a0prix\u00a0», «\u00a0chatbot\u00a0», «\u00a0maintenance\u00a0»… Sans recherche, toutes les pages du site sont listées ci-dessous.',
  all: 'Toutes les pages du site',
  pages: 'Pages',
  offers: 'Offres et solutions',
  projects: 'Réalisations',
  blog: 'Blog',
  blogAll: 'Tous les articles',
  legal: 'Informations légales',
} as const;
