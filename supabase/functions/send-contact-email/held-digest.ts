// The hourly « Demandes retenues » list (migration 20261204000400_held_leads_listed.sql): leads held
// past the ceiling of unverified leads, each in full with its « Envoyer ce message » link
// (./release-links.ts) and the SQL that releases it (it is then mailed once). Sent at most once an
// hour; the daily « À vérifier » lists them again.
import { contactLines, htmlRows, oneLine } from './contact-email.ts';
import { releaseButton, releaseLines } from './release-links.ts';
import type { ClaimedDigest } from './contact-store.ts';
import { escapeHtml } from '../_shared/html.ts';
import type { MailMessage } from '../_shared/mailer.ts';

/** Entries listed in full; the others are counted, with the query that lists them. */
export const HELD_DIGEST_LISTED = 50;

/** The held list's e-mail, keyed by the digest id. */
export function buildHeldDigest(
  digest: ClaimedDigest,
  addresses: { from: string; to: string },
): MailMessage {
  const total = digest.contacts.length;
  const count = `${total}\u00a0${total > 1 ? 'demandes retenues' : 'demande retenue'}`;
  const title = `Demandes retenues, non vérifiées\u00a0: ${count}`;
  const intro =
    'Ces demandes n’ont pas pu être vérifiées par le contrôle anti-robot (envoi sans JavaScript, ' +
    'Turnstile injoignable…) et dépassent le plafond horaire des demandes non vérifiées\u00a0: elles ' +
    'ne vous ont pas été transmises. Si l’une vient d’un vrai prospect, appuyez sur «\u00a0Envoyer ' +
    'ce message\u00a0» (une page du site s’ouvre, son bouton vous la transmet) ou exécutez la ' +
    'commande indiquée dans l’éditeur SQL de Supabase\u00a0: elle vous sera envoyée, une seule fois.';
  const entries = digest.contacts.slice(0, HELD_DIGEST_LISTED).map((contact) => ({
    title: `${contact.prenom} ${contact.nom} <${contact.email}>`,
    lines: [
      ...contactLines(contact),
      ['Pour la transmettre', `select private.release_contact('${contact.id}');`],
    ] as [string, string][],
    link: digest.releaseLinks?.[contact.id],
  }));
  const rest =
    total > entries.length
      ? `… et ${total - entries.length}\u00a0autres\u00a0: ` +
        `select * from public.contacts where held_digest_id = '${digest.id}';`
      : '';
  const html =
    `<!doctype html><html lang="fr"><body style="font-family:sans-serif">` +
    `<h1 style="font-size:18px">${escapeHtml(title)}</h1>\n<p>${escapeHtml(intro)}</p>\n` +
    entries
      .map(
        (entry) =>
          `<h2 style="font-size:16px">${escapeHtml(entry.title)}</h2>\n<table>\n${htmlRows(entry.lines)}\n</table>` +
          releaseButton(entry.link),
      )
      .join('\n') +
    (rest ? `\n<p>${escapeHtml(rest)}</p>` : '') +
    '</body></html>';
  const text =
    `${title}\n\n${intro}\n\n` +
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
    '\n';
  return {
    ...addresses,
    replyTo: addresses.to,
    subject: title,
    html,
    text,
    idempotencyKey: digest.id,
  };
}
