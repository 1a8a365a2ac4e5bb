import { escapeHtml } from '../_shared/html.ts';
import type { MailMessage } from '../_shared/mailer.ts';
import type { StoredContact } from './contact-store.ts';
import type { ContactRequest } from '../_shared/validation.ts';

const LABELS: [keyof ContactRequest, string][] = [
  ['prenom', 'Prénom'],
  ['nom', 'Nom'],
  ['email', 'E-mail'],
  ['telephone', 'Téléphone'],
  ['service_souhaite', 'Service souhaité'],
  ['message', 'Message'],
];

/** Where the lead came from, as labelled lines; only what is known. */
const SOURCE_LABELS: [keyof StoredContact, string][] = [
  ['page', 'Page'],
  ['utm_source', 'Source (utm_source)'],
  ['utm_medium', 'Support (utm_medium)'],
  ['utm_campaign', 'Campagne (utm_campaign)'],
];

/** Collapses line breaks so a header value stays on one line. */
export function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

/** The labelled values of a contact: the six fields, then the known lead-source fields. */
export function contactLines(contact: StoredContact): [string, string][] {
  return [
    ...LABELS.map(([key, label]): [string, string] => [
      label,
      String(contact[key] ?? 'non renseigné'),
    ]),
    ...SOURCE_LABELS.filter(([key]) => contact[key]).map(([key, label]): [string, string] => [
      label,
      String(contact[key]),
    ]),
  ];
}

/** The HTML table rows of labelled values, every value escaped. */
export function htmlRows(lines: [string, string][]): string {
  return lines
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
}

/** Why Turnstile did not vouch for a mailed row (the subject then says « non vérifié »). */
const UNVERIFIED: Record<string, string> = {
  missing: 'non vérifié\u00a0: envoyé sans jeton (sans JavaScript, ou avant la fin du contrôle)',
  expired: 'non vérifié\u00a0: jeton expiré ou déjà utilisé',
  unavailable: 'non vérifié\u00a0: Turnstile injoignable ou refusant la clé secrète',
};

/**
 * Renders the notification e-mail sent to the agency for one stored contact request.
 * Every visitor-supplied value is HTML-escaped in the HTML part; the row id is the idempotency key.
 */
export function buildContactEmail(
  contact: StoredContact,
  addresses: { from: string; to: string },
): MailMessage {
  const lines = contactLines(contact);
  const unverified = UNVERIFIED[contact.captcha_verdict ?? ''];
  if (unverified) lines.push(['Anti-robot', unverified]);
  const html =
    `<!doctype html><html lang="fr"><body style="font-family:sans-serif">` +
    `<h1 style="font-size:18px">Nouvelle demande de contact</h1>\n<table>\n${htmlRows(lines)}\n</table></body></html>`;
  const text =
    'Nouvelle demande de contact\n\n' +
    lines.map(([label, value]) => `${label}\u00a0: ${value}`).join('\n') +
    '\n';
  return {
    from: addresses.from,
    to: addresses.to,
    replyTo: contact.email,
    subject: oneLine(
      `${unverified ? '[non vérifié] ' : ''}Nouvelle demande de contact — ${contact.prenom} ${contact.nom} (${contact.service_souhaite})`,
    ),
    html,
    text,
    idempotencyKey: contact.id,
  };
}
