/**
 * Mail sending abstraction. Production uses the Resend HTTP API (SMTP ports 25/587 are blocked on
 * hosted Edge Functions); local runs use SMTP to a catcher. The SMTP transport itself lives in
 * smtp.ts (it needs `npm:nodemailer`, Deno only) and is injected, so this module stays testable.
 */

/** One e-mail, already rendered. */
export interface MailMessage {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  /** Stable key so a retried request does not send twice where the provider supports it. */
  idempotencyKey?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
}

/** Anything that can send a MailMessage; rejects with MailSendError on failure. */
export interface Mailer {
  readonly kind: string;
  send(message: MailMessage): Promise<void>;
}

/**
 * The mail provider refused or could not be reached. `refused`: it answered that this message will
 * never go (an HTTP 4xx other than 429, an SMTP 5xx reply): retrying is useless, the provider is
 * not down. Otherwise (5xx, 429, time-out, unreachable) it is an outage.
 */
export class MailSendError extends Error {
  override name = 'MailSendError';
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
  }
}

/** Environment variables read by the mail layer. */
export type MailEnv = Record<string, string | undefined>;

export interface MailerFactories {
  /** Builds an SMTP mailer for a URL such as smtp://127.0.0.1:54325. */
  smtp?: (url: string) => Mailer;
  fetch?: typeof fetch;
}

const RESEND_ENDPOINT = 'https://api.resend.com/emails';

/** How long one call to the mail provider may take: well under the 2-minute claim of a row. */
export const MAIL_TIMEOUT_MS = 15_000;

/**
 * Mailer posting to the Resend HTTP API.
 * @param apiKey Resend API key (secret RESEND_API_KEY)
 * @param fetchImpl fetch implementation (injected in tests)
 * @param endpoint API URL (RESEND_API_URL overrides it, e.g. for a stub)
 * @param timeoutMs abort the call after this long (the send then fails and is retried)
 */
export function createResendMailer(
  apiKey: string,
  fetchImpl: typeof fetch = fetch,
  endpoint = RESEND_ENDPOINT,
  timeoutMs = MAIL_TIMEOUT_MS,
): Mailer {
  return {
    kind: 'resend',
    async send(message) {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${apiKey}`,
        'Content-Type': 'application/json',
      };
      if (message.idempotencyKey) headers['Idempotency-Key'] = message.idempotencyKey;
      let response: Response;
      try {
        response = await fetchImpl(endpoint, {
          method: 'POST',
          headers,
          signal: AbortSignal.timeout(timeoutMs),
          body: JSON.stringify({
            from: message.from,
            to: [message.to],
            reply_to: message.replyTo,
            subject: message.subject,
            html: message.html,
            text: message.text,
            ...(message.headers ? { headers: message.headers } : {}),
          }),
        });
      } catch (error) {
        throw new MailSendError(`Resend API unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 500);
        const refused = response.status >= 400 && response.status < 500 && response.status !== 429;
        throw new MailSendError(`Resend API answered ${response.status}: ${detail}`, refused);
      }
    },
  };
}

/**
 * Picks the mailer from the environment: RESEND_API_KEY first, else SMTP_URL.
 * @returns the mailer, or null when neither is configured
 */
export function createMailer(env: MailEnv, factories: MailerFactories = {}): Mailer | null {
  if (env.RESEND_API_KEY) {
    return createResendMailer(
      env.RESEND_API_KEY,
      factories.fetch ?? fetch,
      env.RESEND_API_URL || RESEND_ENDPOINT,
    );
  }
  if (env.SMTP_URL && factories.smtp) return factories.smtp(env.SMTP_URL);
  return null;
}
