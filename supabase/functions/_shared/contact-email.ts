import { escapeHtml } from './html.ts';
import type { MailMessage } from './mailer.ts';
import type { StoredContact } from './contact-store.ts';
import type { ContactRequest } from './validation.ts';

const LABELS: [keyof ContactRequest, string][] = [
  ['prenom', 'Prénom'],
  ['nom', 'Nom'],
  ['email', 'E-mail'],
  ['telephone', 'Téléphone'],
  ['service_souhaite', 'Service souhaité'],
  ['message', 'Message'],
];

/** Collapses line breaks so a header value stays on one line. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ').trim();
}

/**
 * Renders the notification e-mail sent to the agency for one stored contact request.
 * Every visitor-supplied value is HTML-escaped in the HTML part; the row id is the idempotency key.
 */
export function buildContactEmail(
  contact: StoredContact,
  addresses: { from: string; to: string },
): MailMessage {
  const value = (key: keyof ContactRequest) => contact[key] ?? 'non renseigné';
  const rows = LABELS.map(
    ([key, label]) =>
      `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
      `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(String(value(key)))}</td></tr>`,
  ).join('\n');
  const html =
    `<!doctype html><html lang="fr"><body style="font-family:sans-serif">` +
    `<h1 style="font-size:18px">Nouvelle demande de contact</h1>\n<table>\n${rows}\n</table></body></html>`;
  const text =
    'Nouvelle demande de contact\n\n' +
    LABELS.map(([key, label]) => `${label}\u00a0: ${value(key)}`).join('\n') +
    '\n';
  return {
    from: addresses.from,
    to: addresses.to,
    replyTo: contact.email,
    subject: oneLine(
      `Nouvelle demande de contact — ${contact.prenom} ${contact.nom} (${contact.service_souhaite})`,
    ),
    html,
    text,
    idempotencyKey: contact.id,
  };
}
