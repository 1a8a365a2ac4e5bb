// The alert for a misconfigured Turnstile check (migration 20261204000300_captcha_check_alert.sql):
// too many 'unavailable' verdicts, or 'missing' ones with not one 'passed', over 24 hours.
import type { CaptchaFigures } from './contact-store.ts';
import type { MailMessage } from '../_shared/mailer.ts';

const n = (count: number) => `${count}`;

/** The e-mail telling the agency that the anti-robot check looks misconfigured, keyed by its id. */
export function buildCaptchaAlert(
  alert: CaptchaFigures,
  addresses: { from: string; to: string },
): MailMessage {
  const title = 'Alerte\u00a0: le contrôle anti-robot (Turnstile) semble mal configuré';
  const lines = [
    'Sur les dernières 24\u00a0heures, le contrôle anti-robot des demandes de contact a donné\u00a0:',
    `- vérifiées\u00a0: ${n(alert.passed)}`,
    `- sans jeton (widget absent ou pas encore résolu)\u00a0: ${n(alert.missing)}`,
    `- Turnstile injoignable ou refusant la clé secrète\u00a0: ${n(alert.unavailable)}`,
    '',
    'Les demandes partent quand même, marquées «\u00a0non vérifié\u00a0», ou sont retenues ' +
      'au-delà de leur plafond. Causes probables\u00a0: la clé secrète TURNSTILE_SECRET_KEY est ' +
      'posée sans la clé de site PUBLIC_TURNSTILE_SITE_KEY dans le site (aucun jeton), ou la clé ' +
      'secrète est fausse (Turnstile la refuse). Vérifiez les deux valeurs, puis relancez ' +
      'npm run deploy (docs/deploying.md). Cette alerte part au plus une fois par 24\u00a0heures.',
  ];
  const text = `${title}\n\n${lines.join('\n')}\n`;
  const html =
    `<!doctype html><html lang="fr"><body style="font-family:sans-serif">` +
    `<h1 style="font-size:18px">${title}</h1>\n<pre style="white-space:pre-wrap;font:inherit">` +
    `${lines.join('\n')}</pre></body></html>`;
  return {
    ...addresses,
    replyTo: addresses.to,
    subject: title,
    text,
    html,
    idempotencyKey: alert.id,
  };
}
