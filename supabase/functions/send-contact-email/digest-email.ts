import { contactLines, htmlRows, oneLine } from './contact-email.ts';
import type { ClaimedDigest, StoredContact } from './contact-store.ts';
import { escapeHtml } from '../_shared/html.ts';
import { buildHeldDigest } from './held-digest.ts';
import { parisTime, releaseButton, releaseLines } from './release-links.ts';
import type { MailMessage } from '../_shared/mailer.ts';

/** Rows listed one by one in the « À vérifier » digest; the others are counted, with a query. */
export const SPAM_DIGEST_LISTED = 100;

const REASONS: Record<string, string> = {
  too_fast: 'envoyé en moins de 3\u00a0secondes',
  honeypot: 'champ caché rempli',
  'captcha:refused': 'contrôle anti-robot (Turnstile) refusé',
  'captcha:expired': 'jeton anti-robot expiré ou déjà utilisé (vérifié trop tard)',
  'captcha:missing': 'sans jeton anti-robot (envoi sans JavaScript, ou avant la fin du contrôle)',
  'captcha:unavailable': 'Turnstile injoignable\u00a0: contrôle anti-robot impossible',
  unverified: 'non vérifié par le contrôle anti-robot, au-delà du plafond horaire (déjà signalé)',
};

/** Why a row was kept back, in French (a Turnstile row says which verdict). */
function reason(contact: StoredContact): string {
  const key =
    contact.spam_reason === 'captcha'
      ? `captcha:${contact.captcha_verdict}`
      : (contact.spam_reason ?? '');
  return REASONS[key] ?? String(contact.spam_reason);
}

/** When the row was received, in Paris time (« 24/11/2026 14:05 »). */
const receivedAt = (contact: StoredContact) => parisTime(contact.created_at);

/** The first non-blank line of a message, at most 200 characters. */
export function firstLine(message: string): string {
  const line = message.split(/\r\n|\r|\n/).find((part) => part.trim() !== '') ?? '';
  const trimmed = line.trim();
  return [...trimmed].length > 200 ? `${[...trimmed].slice(0, 199).join('')}…` : trimmed;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="fr"><body style="font-family:sans-serif">` +
  `<h1 style="font-size:18px">${escapeHtml(title)}</h1>\n${body}</body></html>`;

const plural = (n: number, one: string, many: string) => `${n}\u00a0${n > 1 ? many : one}`;

/** A digest listing each request in full, in one e-mail (each is a real lead). */
function fullDigest(
  digest: ClaimedDigest,
  addresses: { from: string; to: string },
  words: { subject: (count: string) => string; title: (count: string) => string; intro: string },
): MailMessage {
  const count = plural(digest.contacts.length, 'demande', 'demandes');
  const { intro } = words;
  const blocks = digest.contacts.map((contact, i) => {
    const title = `${i + 1}. ${contact.prenom} ${contact.nom} — reçue le ${receivedAt(contact)}`;
    return { title, lines: contactLines(contact) };
  });
  return {
    ...addresses,
    replyTo: addresses.to,
    subject: words.subject(count),
    html: page(
      words.title(count),
      `<p>${escapeHtml(intro)}</p>\n` +
        blocks
          .map(
            (block) =>
              `<h2 style="font-size:16px">${escapeHtml(block.title)}</h2>\n<table>\n${htmlRows(block.lines)}\n</table>`,
          )
          .join('\n'),
    ),
    text:
      `${words.title(count)}\n\n${intro}\n\n` +
      blocks
        .map(
          (block) =>
            `${block.title}\n` +
            block.lines.map(([label, value]) => `${label}\u00a0: ${value}`).join('\n'),
        )
        .join('\n\n') +
      '\n',
    idempotencyKey: digest.id,
  };
}

/**
 * The ceiling digest: every request held over the hourly ceiling of lead e-mails, in full, in one
 * e-mail (each is a real lead: nothing is left out).
 */
const ceilingDigest = (digest: ClaimedDigest, addresses: { from: string; to: string }) =>
  fullDigest(digest, addresses, {
    subject: (count) => `Demandes de contact groupées — ${count} au-delà du plafond horaire`,
    title: (count) => `Demandes de contact groupées (${count})`,
    intro:
      'Le plafond horaire d’e-mails de demandes de contact était atteint\u00a0: ' +
      'ces demandes ont été gardées et vous sont envoyées ensemble. ' +
      'Répondez à chaque personne à son adresse e-mail.',
  });

/**
 * The alert for the leads still unmailed an hour after they arrived (sent by the alert route):
 * each in full, so that the agency can answer even while the main mail provider fails.
 */
const unmailedAlert = (digest: ClaimedDigest, addresses: { from: string; to: string }) =>
  fullDigest(digest, addresses, {
    subject: (count) => `Alerte\u00a0: demandes non transmises depuis plus d’une heure (${count})`,
    title: (count) => `Demandes non transmises depuis plus d’une heure (${count})`,
    intro:
      'Le service d’envoi habituel n’a pas pu vous transmettre ces demandes depuis plus d’une ' +
      'heure (clé d’API révoquée, panne…)\u00a0: les voici, par un autre chemin. Répondez à ' +
      'chaque personne à son adresse e-mail, et vérifiez le compte du service d’envoi ' +
      '(RESEND_API_KEY) et ses journaux. Ces demandes ne vous seront pas renvoyées.' +
      (digest.unlisted > 0
        ? ` Non listées\u00a0: ${plural(digest.unlisted, 'ligne', 'lignes')} qui n’ont jamais passé ` +
          'les contrôles d’un envoi (jamais tentées, ou insérées par un script)\u00a0: ' +
          'select * from public.contacts where mailed_at is null and gates_passed_at is null;'
        : ''),
  });

/**
 * The daily « À vérifier » digest: the rows the spam heuristics kept back (name, e-mail, first line
 * of the message, why), each with the SQL that releases it to be mailed once like any lead.
 */
function spamDigest(digest: ClaimedDigest, addresses: { from: string; to: string }): MailMessage {
  const total = digest.contacts.length;
  const count = plural(total, 'message', 'messages');
  const listed = digest.contacts.slice(0, SPAM_DIGEST_LISTED);
  const intro =
    'Ces messages n’ont pas été transmis\u00a0: le formulaire a été rempli en moins de 3\u00a0secondes ' +
    '(souvent un remplissage automatique du navigateur), le champ caché aux personnes a été rempli, ' +
    'ou le contrôle anti-robot n’a pas pu confirmer l’envoi (envoi sans JavaScript, par exemple). ' +
    'Si l’un d’eux vient d’un vrai prospect, appuyez sur «\u00a0Envoyer ce message\u00a0» (une page ' +
    'du site s’ouvre, son bouton vous le transmet) ou exécutez la commande indiquée dans l’éditeur ' +
    'SQL de Supabase\u00a0: la demande vous sera envoyée, une seule fois, comme toute demande.';
  const entries = listed.map((contact) => ({
    title: `${contact.prenom} ${contact.nom} <${contact.email}>`,
    lines: [
      ['Début du message', firstLine(contact.message)],
      ['Raison', reason(contact)],
      ['Reçu le', receivedAt(contact)],
      ['Pour le transmettre', `select private.release_contact('${contact.id}');`],
    ] as [string, string][],
    link: digest.releaseLinks?.[contact.id],
  }));
  const rest =
    total > listed.length
      ? `… et ${plural(total - listed.length, 'autre', 'autres')}\u00a0: ` +
        `select * from public.contacts where spam_digest_id = '${digest.id}';`
      : '';
  return {
    ...addresses,
    replyTo: addresses.to,
    subject: `«\u00a0À vérifier\u00a0» — ${count} classés comme indésirables`,
    html: page(
      `À vérifier\u00a0: ${count} classés comme indésirables`,
      `<p>${escapeHtml(intro)}</p>\n` +
        entries
          .map(
            (entry) =>
              `<h2 style="font-size:16px">${escapeHtml(entry.title)}</h2>\n<table>\n${htmlRows(entry.lines)}\n</table>` +
              releaseButton(entry.link),
          )
          .join('\n') +
        (rest ? `\n<p>${escapeHtml(rest)}</p>` : ''),
    ),
    text:
      `À vérifier\u00a0: ${count} classés comme indésirables\n\n${intro}\n\n` +
      entries
        .map(
          (entry) =>
            `${oneLine(entry.title)}\n` +
            [...entry.lines, ...releaseLines(entry.link)]
              .map(([label, value]) => `${label}\u00a0: ${value}`)
              .join('\n'),
        )
        .join('\n\n') +
      (rest ? `\n\n${rest}` : '') +
      '\n',
    idempotencyKey: digest.id,
  };
}

/** The e-mail of a claimed digest (ceiling, « À vérifier » or alert), keyed by the digest id. */
export function buildDigestEmail(
  digest: ClaimedDigest,
  addresses: { from: string; to: string },
): MailMessage {
  if (digest.kind === 'ceiling') return ceilingDigest(digest, addresses);
  if (digest.kind === 'unmailed') return unmailedAlert(digest, addresses);
  if (digest.kind === 'held') return buildHeldDigest(digest, addresses);
  return spamDigest(digest, addresses);
}
