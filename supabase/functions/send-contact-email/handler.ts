import { buildContactEmail } from '../_shared/contact-email.ts';
import { errorResponse, jsonResponse } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { validateContact } from '../_shared/validation.ts';

/** What the handler needs from the outside world; injected so it can be tested without Deno. */
export interface HandlerDeps {
  /** Environment: CONTACT_TO (agency inbox) and CONTACT_FROM (sender) are read. */
  env: Record<string, string | undefined>;
  /** The configured mailer, or null when neither RESEND_API_KEY nor SMTP_URL is set. */
  mailer: Mailer | null;
  /** Error logger (console.error by default). */
  logError?: (...args: unknown[]) => void;
}

/**
 * Builds the request handler of `send-contact-email`: validates a contact request exactly as the
 * database does and e-mails it to the agency inbox, reply-to the visitor.
 * Status codes: 200 sent · 400 body not JSON / not an object · 405 wrong method ·
 * 422 invalid field · 500 mail not configured · 502 mail provider failed.
 */
export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  const logError = deps.logError ?? console.error;
  return async (req) => {
    if (req.method === 'OPTIONS') return jsonResponse({ ok: true });
    if (req.method !== 'POST') {
      return errorResponse(405, `Method ${req.method} is not allowed; use POST.`, {
        Allow: 'POST, OPTIONS',
      });
    }

    let body: unknown;
    try {
      body = JSON.parse(await req.text());
    } catch {
      return errorResponse(400, 'Request body must be valid JSON.');
    }
    const result = validateContact(body);
    if (!result.ok) {
      return errorResponse(result.field === 'body' ? 400 : 422, result.error);
    }

    const to = deps.env.CONTACT_TO;
    const from = deps.env.CONTACT_FROM;
    if (!deps.mailer || !to || !from) {
      logError(
        'send-contact-email: mail is not configured (RESEND_API_KEY or SMTP_URL, CONTACT_TO, CONTACT_FROM)',
      );
      return errorResponse(
        500,
        'E-mail delivery is not configured: set RESEND_API_KEY or SMTP_URL, plus CONTACT_TO and CONTACT_FROM.',
      );
    }

    try {
      await deps.mailer.send(buildContactEmail(result.value, { from, to }));
    } catch (error) {
      logError('send-contact-email: sending failed:', error);
      return errorResponse(502, 'The e-mail could not be sent. Please try again later.');
    }
    return jsonResponse({ ok: true });
  };
}
