import { errorResponse, jsonResponse, readJson } from '../_shared/http.ts';
import type { Mailer } from '../_shared/mailer.ts';
import { buildCeilingAlertEmail, buildConfirmationEmail } from './newsletter-email.ts';
import type { ConfirmResult, NewsletterStore } from './newsletter-store.ts';
import { signLink, verifyLink } from './signed-link.ts';
import { checkField } from '../_shared/validation.ts';

/** What the handler needs from the outside world; injected so it can be tested without Deno. */
export interface NewsletterDeps {
  /**
   * Environment: SUPABASE_URL (base of the links), SITE_URL (result pages), CONTACT_FROM (sender),
   * CONTACT_TO (the agency, told when the ceiling of confirmation e-mails is reached),
   * NEWSLETTER_SECRET (link signatures; the service role key when unset).
   */
  env: Record<string, string | undefined>;
  mailer: Mailer | null;
  store: NewsletterStore;
  logError?: (...args: unknown[]) => void;
}

/** Result pages of the site (noindex, French). */
export const RESULT_PAGES = {
  confirmed: '/newsletter/confirmee',
  already: '/newsletter/deja-confirmee',
  expired: '/newsletter/lien-expire',
  unsubscribed: '/newsletter/desinscription',
  invalid: '/newsletter/lien-invalide',
} as const;

/** The site's page with the confirmation button, where the e-mail's confirmation link leads. */
export const CONFIRM_PAGE = '/newsletter/confirmer';

/** What confirming a token did (each has its page in RESULT_PAGES). */
export type ConfirmOutcome = ConfirmResult | 'invalid';

/** The handler's settings, resolved once from NewsletterDeps. */
interface Newsletter {
  deps: NewsletterDeps;
  logError: (...args: unknown[]) => void;
  /** The key of the links' signatures. */
  secret: string;
  /** The site's address, no trailing slash. */
  site: string;
  /** This function's address (its unsubscribe links). */
  base: string;
}

/** Past the site-wide ceiling: tells the agency, once a day (a failed send is tried again). */
async function tellAgency(nl: Newsletter, from: string): Promise<void> {
  const { deps, logError } = nl;
  const to = deps.env.CONTACT_TO;
  if (!to || !deps.mailer) return logError('newsletter: CONTACT_TO is not set; ceiling not told');
  const window = await deps.store.claimCeilingAlert();
  if (!window) return;
  try {
    await deps.mailer.send({ ...buildCeilingAlertEmail(from, to), idempotencyKey: window });
  } catch (error) {
    logError('newsletter: the ceiling alert could not be sent:', error);
    await deps.store.releaseCeilingAlert(window);
  }
}

async function unsubscribe(nl: Newsletter, url: URL): Promise<'unsubscribed' | 'invalid'> {
  if (url.searchParams.get('action') !== 'unsubscribe') return 'invalid';
  const id = await verifyLink(nl.secret, 'unsubscribe', url.searchParams.get('token'));
  return id && (await nl.deps.store.unsubscribe(id)) ? 'unsubscribed' : 'invalid';
}

async function confirm(nl: Newsletter, token: unknown): Promise<ConfirmOutcome> {
  const id = await verifyLink(nl.secret, 'confirm', typeof token === 'string' ? token : null);
  return id ? await nl.deps.store.confirm(id) : 'invalid';
}

/** A link of the e-mails followed (GET): 303 to the confirmation page, or unsubscribed. */
async function followLink(nl: Newsletter, url: URL): Promise<Response> {
  const redirect = (page: string) =>
    new Response(null, { status: 303, headers: { Location: `${nl.site}${page}` } });
  if (url.searchParams.get('action') === 'confirm') {
    const token = url.searchParams.get('token') ?? '';
    return redirect(`${CONFIRM_PAGE}?token=${encodeURIComponent(token)}`);
  }
  return redirect(RESULT_PAGES[await unsubscribe(nl, url)]);
}

/** `POST { email }`: mails the confirmation link when one is due (see createNewsletterHandler). */
async function signUp(nl: Newsletter, email: unknown): Promise<Response> {
  const { deps, logError, secret } = nl;
  if (typeof email !== 'string' || checkField('email', email)) {
    return errorResponse(400, 'Request body must be a JSON object with one valid "email".');
  }
  const from = deps.env.CONTACT_FROM;
  if (!deps.mailer || !from) {
    logError('newsletter: mail is not configured (RESEND_API_KEY or SMTP_URL, CONTACT_FROM)');
    return errorResponse(500, 'E-mail delivery is not configured.');
  }
  const claim = await deps.store.claimConfirmation(email);
  if ('refusal' in claim) {
    if (claim.refusal === 'ceiling') await tellAgency(nl, from);
    return jsonResponse({ ok: true });
  }
  const { id } = claim;
  const links = {
    confirm: `${nl.site}${CONFIRM_PAGE}?token=${await signLink(secret, 'confirm', id)}`,
    unsubscribe: `${nl.base}?action=unsubscribe&token=${await signLink(secret, 'unsubscribe', id)}`,
  };
  try {
    await deps.mailer.send(buildConfirmationEmail(email, links, from));
  } catch (error) {
    logError('newsletter: sending failed:', error);
    await deps.store.releaseConfirmation(id);
    return errorResponse(502, 'The e-mail could not be sent. Please try again later.');
  }
  return jsonResponse({ ok: true });
}

/**
 * Builds the request handler of `newsletter`:
 * - `POST { email }` (JSON, after the browser's sign-up insert): mails the confirmation link when one
 *   is due for that address, within the site-wide ceilings and the address's own (past the
 *   site-wide one the agency is told, once a day). Always `200 { ok: true }` for a valid address,
 *   whether it is new, pending, confirmed, unknown or not mailed: the answer tells nothing.
 * - `POST { confirm: token }` (JSON, from `form-post` when the visitor presses the button of the
 *   site's confirmation page): confirms; `200 { outcome }`, one of ConfirmOutcome.
 * - `GET ?action=confirm&token=…` (the link of e-mails sent before the button): confirms nothing, a
 *   mail scanner follows links; redirects (303) to the site's confirmation page with the button.
 * - `GET ?action=unsubscribe&token=…` (link in the e-mails): unsubscribes and redirects (303) to the
 *   site's result page; a bad token leads to the invalid-link page.
 * - `POST ?action=unsubscribe&token=…` (one-click unsubscribe from the mail client, RFC 8058): 200.
 */
export function createNewsletterHandler(deps: NewsletterDeps): (req: Request) => Promise<Response> {
  const nl: Newsletter = {
    deps,
    logError: deps.logError ?? console.error,
    secret: deps.env.NEWSLETTER_SECRET || deps.env.SUPABASE_SERVICE_ROLE_KEY || '',
    site: (deps.env.SITE_URL || 'http://localhost:4321').replace(/\/+$/, ''),
    base: `${(deps.env.SUPABASE_URL || '').replace(/\/+$/, '')}/functions/v1/newsletter`,
  };

  return async (req) => {
    if (!nl.secret)
      return errorResponse(500, 'Set NEWSLETTER_SECRET (or SUPABASE_SERVICE_ROLE_KEY).');
    const url = new URL(req.url);
    if (req.method === 'OPTIONS') return jsonResponse({ ok: true });
    if (req.method === 'GET') return followLink(nl, url);
    if (req.method !== 'POST') {
      return errorResponse(405, `Method ${req.method} is not allowed.`, {
        Allow: 'GET, POST, OPTIONS',
      });
    }
    if (url.searchParams.has('action')) {
      const result = await unsubscribe(nl, url);
      return result === 'invalid'
        ? errorResponse(400, 'Invalid or expired link.')
        : jsonResponse({ ok: true });
    }

    const read = await readJson(req);
    if ('response' in read) return read.response;
    const body = read.body as { email?: unknown; confirm?: unknown } | null;
    if (body && typeof body === 'object' && 'confirm' in body) {
      return jsonResponse({ outcome: await confirm(nl, body.confirm) });
    }
    return signUp(nl, body?.email);
  };
}
