/**
 * The French words of the contact form and the newsletter box, shared by their islands (through
 * src/lib/i18n/fr.ts) and by the `form-post` Edge Function, which answers visitors whose browser
 * posted a form without JavaScript. Already typeset (no-break spaces before : ; ! ?).
 */

export const contact = {
  sending: 'Envoi en cours...',
  successTitle: 'Message envoyé\u00a0!',
  successText:
    'Merci\u00a0! Votre message a bien été envoyé. Nous vous répondrons dans les plus brefs délais.',
  errorTitle: 'Erreur',
  errorText: 'Une erreur est survenue. Veuillez réessayer.',
  /** A message stored but not mailed now (Turnstile could not vouch for it, past its ceiling). */
  heldTitle: 'Message enregistré',
  heldText:
    'Votre message est enregistré mais n’a pas pu être vérifié\u00a0: il nous parviendra après vérification. Urgent\u00a0: appelez-nous.',
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
/**
 * The page the form endpoint answers, without JavaScript, when it cannot take a request yet; apart
 * from `contact`, which the contact island bundles, so its JavaScript does not carry it.
 */
export const contactRefused = {
  title: 'Votre message n’est pas encore envoyé',
  fix: 'Corrigez le champ signalé puis envoyez de nouveau\u00a0: ce que vous avez écrit est conservé ci-dessous.',
  retry:
    'Ce que vous avez écrit est conservé ci-dessous\u00a0: envoyez de nouveau dans un instant.',
  back: 'Retour au site',
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
/** The page the form endpoint answers, without JavaScript, when it cannot take a sign-up yet. */
export const newsletterRefused = {
  title: 'Votre inscription n’est pas encore enregistrée',
  label: 'Votre adresse e-mail',
  submit: 'S’abonner',
} as const;
/**
 * The site's newsletter confirmation page (the e-mail's link leads there) and its button; apart from
 * `newsletter`, which the islands bundle, so their JavaScript does not carry it.
 */
export const newsletterConfirm = {
  title: 'Confirmez votre inscription',
  text: 'Pour recevoir nos articles par e-mail, confirmez votre inscription à la newsletter.',
  submit: 'Confirmer mon inscription',
  error: 'La confirmation n’a pas abouti. Réessayez dans un instant.',
} as const;
/**
 * The site's page a release link of the agency's digests opens (/contact/envoyer) and its button,
 * which sends a held or flagged lead to the agency; also `form-post`'s page when that failed.
 */
export const contactRelease = {
  title: 'Envoyer ce message à l’agence',
  text: 'Cette demande de contact a été retenue par les contrôles anti-robot du formulaire. Si elle vient d’un vrai prospect, appuyez sur le bouton\u00a0: elle vous sera envoyée par e-mail, une seule fois.',
  submit: 'Envoyer ce message',
  error: 'L’envoi n’a pas abouti. Réessayez dans un instant.',
} as const;
