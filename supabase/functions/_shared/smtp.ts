// Deno only: SMTP through nodemailer (npm: specifier, fetched into DENO_DIR on first run).
import nodemailer from 'npm:nodemailer@10.6.0';
import { type Mailer, MailSendError } from './mailer.ts';

/**
 * SMTP mailer, e.g. for the local catcher at smtp://127.0.0.1:54325.
 * Hosted Edge Functions block ports 25 and 587: use Resend there.
 * @param url smtp:// or smtps:// URL, credentials allowed (smtp://user:pass@host:port)
 */
export function createSmtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport(url, {
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      try {
        await transport.sendMail({
          from: message.from,
          to: message.to,
          replyTo: message.replyTo,
          subject: message.subject,
          html: message.html,
          text: message.text,
          headers: message.headers,
        });
      } catch (error) {
        // A 5xx reply refuses this message for good; 4xx replies and lost connections are transient.
        const code = (error as { responseCode?: number }).responseCode ?? 0;
        throw new MailSendError(`SMTP send failed: ${(error as Error).message}`, code >= 500);
      }
    },
  };
}
