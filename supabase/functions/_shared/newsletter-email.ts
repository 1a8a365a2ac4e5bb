import { escapeHtml } from './html.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The confirmation e-mail of a newsletter sign-up: a signed confirmation link, and (as in every
 * newsletter e-mail) an unsubscribe link, also as List-Unsubscribe headers (one click, RFC 8058).
 */
export function buildConfirmationEmail(
  to: string,
  links: { confirm: string; unsubscribe: string },
  from: string,
): MailMessage {
  const text =
    'Bonjour,\n\nPour recevoir nos articles, confirmez votre inscription à la newsletter\u00a0:\n' +
    `${links.confirm}\n\nSi vous n’avez rien demandé, ignorez cet e-mail\u00a0: vous ne recevrez rien.\n\n` +
    `Se désinscrire\u00a0: ${links.unsubscribe}\n`;
  const html =
    '<!doctype html><html lang="fr"><body style="font-family:sans-serif">' +
    '<p>Bonjour,</p><p>Pour recevoir nos articles, confirmez votre inscription à la newsletter\u00a0:</p>' +
    `<p><a href="${escapeHtml(links.confirm)}">Confirmer mon inscription</a></p>` +
    '<p>Si vous n’avez rien demandé, ignorez cet e-mail\u00a0: vous ne recevrez rien.</p>' +
    `<p style="font-size:12px"><a href="${escapeHtml(links.unsubscribe)}">Se désinscrire</a></p>` +
    '</body></html>';
  return {
    from,
    to,
    replyTo: from,
    subject: 'Confirmez votre inscription à la newsletter',
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
