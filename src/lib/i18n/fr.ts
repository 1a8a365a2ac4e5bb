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
export const contact = {
  sending: 'Envoi en cours...',
  successTitle: 'Message envoyé\u00a0!',
  successText:
    'Merci\u00a0! Votre message a bien été envoyé. Nous vous répondrons dans les plus brefs délais.',
  errorTitle: 'Erreur',
  errorText: 'Une erreur est survenue. Veuillez réessayer.',
  form: {
    label: 'Formulaire de contact',
    prenom: 'Prénom',
    nom: 'Nom',
    email: 'E-mail',
    telephone: 'Téléphone',
    optional: '(facultatif)',
    service: 'Service souhaité',
    servicePlaceholder: 'Choisissez un service',
    message: 'Votre message',
    messagePlaceholder: 'Décrivez votre projet, vos objectifs et vos délais…',
    required: 'Les champs marqués d’un astérisque (*) sont obligatoires.',
    submit: 'Envoyer le message',
    honeypot: 'Ne pas remplir ce champ',
    consentBefore:
      'Vos données servent uniquement à répondre à votre demande. En savoir plus\u00a0: ',
    consentLink: 'politique de confidentialité',
  },
  /** Why a field was refused (by the browser, the function or the database), by rule. */
  fieldErrors: {
    required: {
      prenom: 'Indiquez votre prénom.',
      nom: 'Indiquez votre nom.',
      email: 'Indiquez votre adresse e-mail.',
      telephone: 'Indiquez votre numéro de téléphone.',
      service_souhaite: 'Choisissez un service.',
      message: 'Écrivez votre message.',
    },
    tooLong: (max: number) => `${max} caractères au maximum.`,
    characters:
      'Ce champ contient des caractères invisibles ou de contrôle (copiés-collés ?) : retirez-les.',
    letters: 'Ce champ doit contenir au moins une lettre.',
    emailFormat:
      'Saisissez une seule adresse e-mail, par exemple nom@exemple.fr (sans nom affiché, espace ni virgule).',
    phoneFormat:
      'Le numéro ne peut contenir que des chiffres, des espaces et les signes + . - ( ).',
    choice: 'Choisissez un service dans la liste.',
  },
  rateLimited: (wait: string, phone: string) =>
    `Trop de demandes ont été envoyées depuis votre connexion. Réessayez ${wait}` +
    (phone ? ` ou appelez-nous au ${phone}.` : '.'),
  retryIn: (seconds: number) =>
    seconds <= 60
      ? 'dans une minute'
      : seconds < 3600
        ? `dans ${Math.ceil(seconds / 60)} minutes`
        : seconds < 7200
          ? 'dans une heure'
          : `dans ${Math.ceil(seconds / 3600)} heures`,
  offline:
    'Vous êtes hors ligne : votre message sera envoyé automatiquement dès le retour de la connexion.',
  fieldErrorSummary: 'Vérifiez le champ signalé.',
} as const;
export const newsletter = {
  sending: 'Inscription…',
  successTitle: 'Inscription confirmée\u00a0!',
  successText: 'Merci\u00a0! Vous recevrez nos prochains articles par e-mail.',
  alreadyText: 'Cette adresse est déjà inscrite\u00a0: vous recevrez bien nos prochains articles.',
  errorTitle: 'Erreur',
  errorText: 'L’inscription n’a pas abouti. Veuillez réessayer.',
  pendingTitle: 'Vérifiez votre boîte mail',
  pendingText:
    'Si cette adresse n’est pas encore inscrite, vous allez recevoir un e-mail avec un lien pour confirmer votre inscription.',
  invalidEmail:
    'Saisissez une seule adresse e-mail, par exemple nom@exemple.fr (sans nom affiché, espace ni virgule).',
  rateLimited: (wait: string) =>
    `Trop de demandes ont été envoyées depuis votre connexion. Réessayez ${wait}.`,
} as const;
/** Result pages of the newsletter e-mail links (/newsletter/<result>). */
export const newsletterPages = {
  confirmee: {
    title: 'Inscription confirmée',
    lead: 'Merci\u00a0! Votre adresse est confirmée\u00a0: vous recevrez nos prochains articles par e-mail.',
  },
  desinscription: {
    title: 'Désinscription enregistrée',
    lead: 'Vous ne recevrez plus notre newsletter. Vous pouvez vous réinscrire à tout moment depuis le blog.',
  },
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
  /** The title is English (the spec's wording), so it says so (WCAG 3.1.2). */
  titleLang: 'en',
  back: 'Retour à l’accueil',
} as const;
