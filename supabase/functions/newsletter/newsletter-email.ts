import { escapeHtml } from '../_shared/html.ts';
import type { MailMessage } from '../_shared/mailer.ts';

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

/**
 * Tells the agency that the site-wide ceiling of confirmation e-mails is reached: later sign-ups are
 * stored and not mailed (a script is probably signing up strangers' addresses).
 */
export function buildCeilingAlertEmail(from: string, to: string): MailMessage {
  const query =
    'select email, created_at, client_address from public.newsletter_subscriptions ' +
    "where confirmed_at is null and confirm_requested_at > coalesce(confirm_mailed_at, '-infinity') " +
    'order by created_at desc;';
  const lines = [
    'Bonjour,',
    'Le plafond d’e-mails de confirmation de la newsletter (par heure ou par jour) est atteint\u00a0: ' +
      'les inscriptions suivantes sont enregistrées, mais ne reçoivent pas d’e-mail. Un script ' +
      'inscrit probablement des adresses qui ne l’ont pas demandé\u00a0; le compte d’envoi est protégé.',
    'Ce message n’est envoyé qu’une fois par jour. Les inscriptions en attente, dans l’éditeur SQL de Supabase\u00a0:',
    query,
  ];
  return {
    from,
    to,
    replyTo: to,
    subject: 'Plafond des e-mails de confirmation de la newsletter atteint',
    text: `${lines.join('\n\n')}\n`,
    html:
      '<!doctype html><html lang="fr"><body style="font-family:sans-serif">' +
      lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
      '</body></html>',
  };
}
