import { confirmErrorPage, contactPage, signupPage } from './form-page.ts';
import type { DbRefusal, FormPostStore, RequestHeaders } from './form-post-store.ts';
import { readCapped } from '../_shared/http.ts';
import { contact, newsletter } from '../_shared/messages-fr.ts';
import {
  checkField,
  CONTACT_FIELDS,
  fieldOfDatabaseError,
  HONEYPOT_FIELD,
  MAX_LENGTHS,
  retryAfterSeconds,
  toPayload,
  validateContact,
  type ContactFieldName,
} from '../_shared/validation.ts';

/** What the handler needs from the outside world; injected so it can be tested without Deno. */
export interface FormPostDeps {
  /** SITE_URL (where visitors come from and go back to) and SUPABASE_URL (this endpoint's base). */
  env: Record<string, string | undefined>;
  store: FormPostStore;
  /** Calls another function of the project with a JSON body (send-contact-email, newsletter). */
  invoke: (name: string, body: Record<string, unknown>) => Promise<Response>;
  logError?: (...args: unknown[]) => void;
}

/** Largest form body: a 5,000-character message, percent-encoded, fits. */
export const MAX_FORM_BYTES = 64 * 1024;
/**
 * The fill time this endpoint vouches for a post that is a browser form submission from the site's
 * own page: a page without script cannot measure one. Above both forms' minimum; the stored row gets
 * NULL (not measured).
 */
const VOUCHED_FILL_MS = 60_000;

/** Where the confirmation button leads, by what `newsletter` answered (its RESULT_PAGES). */
export const CONFIRM_PAGES: Record<string, string> = {
  confirmed: '/newsletter/confirmee',
  already: '/newsletter/deja-confirmee',
  expired: '/newsletter/lien-expire',
  invalid: '/newsletter/lien-invalide',
};

/**
 * The token of the confirmation button: the form's field (filled by the page's script), else the
 * `token` of the page's own address, which the page sends as `Referer` (`unsafe-url` policy) for
 * a visitor without JavaScript.
 */
function confirmToken(form: URLSearchParams, referer: string | null): string {
  const field = form.get('token') ?? '';
  if (field || !referer || !URL.canParse(referer)) return field;
  return new URL(referer).searchParams.get('token') ?? '';
}

/** Where the site's pages answer a post that went through. */
export const DONE_PAGES = {
  contact: '/contact/message-envoye',
  newsletter: '/newsletter/inscription',
} as const;

/**
 * True when the request is a browser's form submission (a navigation) from one of our pages (the
 * site's, or this endpoint's own refusal page): its `Origin` is one of theirs, and its Fetch
 * Metadata, when sent, says navigate. Scripts posting directly send neither; their rows are kept as
 * spam ('too_fast'), as on the scripted path.
 */
function fromOurPage(req: Request, origins: string[]): boolean {
  const origin = req.headers.get('origin');
  const mode = req.headers.get('sec-fetch-mode');
  return origin !== null && origins.includes(origin) && (mode === null || mode === 'navigate');
}

/**
 * Builds the request handler of `form-post`: the contact form and the newsletter box post here
 * (`application/x-www-form-urlencoded`, field `form` = `contact` | `newsletter`) when JavaScript has
 * not taken them over (off, blocked, failed, or not loaded yet). The same steps as the scripted path:
 * one validation, the insert as the browser's role (same trigger: limits, honeypot, fill time), then
 * `send-contact-email` / `newsletter`. Answers 303 to the site's confirmation page, or a French page
 * (422, 429, 500) with the form again and everything the visitor wrote.
 */
export function createFormPostHandler(deps: FormPostDeps): (req: Request) => Promise<Response> {
  const logError = deps.logError ?? console.error;
  const site = (deps.env.SITE_URL || 'http://localhost:4321').replace(/\/+$/, '');
  const action = `${(deps.env.SUPABASE_URL || '').replace(/\/+$/, '')}/functions/v1/form-post`;
  const ourOrigins = [
    new URL(site).origin,
    ...(URL.canParse(action) ? [new URL(action).origin] : []),
  ];
  const htmlHeaders = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${action} ${site}; base-uri 'none'; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
  };
  const html = (status: number, body: string) =>
    new Response(body, { status, headers: htmlHeaders });
  const text = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Response(body, {
      status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers },
    });
  const done = (page: string) =>
    new Response(null, {
      status: 303,
      headers: { Location: `${site}${page}`, 'Cache-Control': 'no-store' },
    });

  return async (req) => {
    if (req.method !== 'POST') {
      return text(405, 'Use POST (this is where the site\u2019s forms post).', { Allow: 'POST' });
    }
    const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded') {
      return text(415, 'Send an HTML form (application/x-www-form-urlencoded).');
    }
    const body = await readCapped(req, MAX_FORM_BYTES);
    if (body === null) return text(413, `Form body must be at most ${MAX_FORM_BYTES} bytes.`);
    const form = new URLSearchParams(body);
    const headers: RequestHeaders = Object.fromEntries(req.headers);
    const vouched = fromOurPage(req, ourOrigins);
    const extras = {
      [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? '',
      fill_ms: vouched ? VOUCHED_FILL_MS : null,
      fill_vouched: vouched,
    };
    const page = { action, site };

    if (form.get('form') === 'contact') {
      const values = Object.fromEntries(
        CONTACT_FIELDS.map((name) => [name, form.get(name) ?? '']),
      ) as Record<ContactFieldName, string>;
      const refuse = (
        status: number,
        reason: string,
        refused?: ReturnType<typeof fieldOfDatabaseError>,
      ) =>
        html(
          status,
          contactPage({
            ...page,
            title: contact.refused.title,
            reason,
            values,
            refused: refused ? { field: refused.field, rule: refused.rule } : undefined,
            honeypotName: HONEYPOT_FIELD,
          }),
        );
      const checked = validateContact(toPayload(values));
      if (!checked.ok) {
        const refused =
          checked.field === 'body' ? null : { field: checked.field, rule: checked.rule };
        return refuse(422, contact.refused.fix, refused);
      }
      const saved = await deps.store.saveContact({ ...checked.value, ...extras }, headers);
      if ('refusal' in saved) {
        const { refusal } = saved;
        if (refusal.code === 'rate_limited')
          return refuse(
            429,
            contact.rateLimited(contact.retryIn(retryAfterSeconds(refusal.details)), ''),
          );
        const field = fieldOfDatabaseError(refusal);
        if (field) return refuse(422, contact.refused.fix, field);
        logError('form-post: the contact insert was refused:', refusal);
        return refuse(500, `${contact.errorText} ${contact.refused.retry}`);
      }
      // The row is stored: e-mail it now, as the form's script does. Should this call fail, the
      // sweep mails the row within minutes, so the visitor's message is sent either way.
      await deps
        .invoke('send-contact-email', { id: saved.id, ...checked.value })
        .then(async (res) => {
          if (!res.ok)
            logError(`form-post: send-contact-email answered ${res.status}:`, await res.text());
        })
        .catch((error) => logError('form-post: send-contact-email failed:', error));
      return done(DONE_PAGES.contact);
    }

    if (form.get('form') === 'newsletter') {
      const email = (form.get('email') ?? '').trim();
      const refuse = (status: number, reason: string, invalid = false) =>
        html(
          status,
          signupPage({
            ...page,
            title: newsletter.refused.title,
            reason,
            email,
            invalid,
            honeypotName: HONEYPOT_FIELD,
            maxLength: MAX_LENGTHS.email,
          }),
        );
      if (checkField('email', email)) return refuse(422, newsletter.invalidEmail, true);
      const saved = await deps.store.saveSignup({ email, ...extras }, headers);
      if ('refusal' in saved) {
        const { refusal } = saved;
        if (refusal.code === 'rate_limited')
          return refuse(
            429,
            newsletter.rateLimited(contact.retryIn(retryAfterSeconds(refusal.details))),
          );
        if (refusal.code === '23514') return refuse(422, newsletter.invalidEmail, true);
        logError('form-post: the sign-up insert was refused:', refusal);
        return refuse(500, newsletter.errorText);
      }
      const res = await deps.invoke('newsletter', { email }).catch((error) => {
        logError('form-post: newsletter failed:', error);
        return null;
      });
      if (!res?.ok) {
        if (res) logError(`form-post: newsletter answered ${res.status}:`, await res.text());
        return refuse(500, newsletter.errorText);
      }
      return done(DONE_PAGES.newsletter);
    }

    if (form.get('form') === 'confirm') {
      // The button of the site's confirmation page: a person pressed it (a mail scanner follows
      // the e-mail's link, a GET, and posts no form). `newsletter` checks the token and confirms.
      const token = confirmToken(form, req.headers.get('referer'));
      if (!token) return done(CONFIRM_PAGES.invalid);
      const res = await deps.invoke('newsletter', { confirm: token }).catch((error) => {
        logError('form-post: newsletter failed:', error);
        return null;
      });
      if (!res?.ok) {
        if (res) logError(`form-post: newsletter answered ${res.status}:`, await res.text());
        return html(500, confirmErrorPage({ ...page, token }));
      }
      const { outcome } = (await res.json()) as { outcome?: string };
      return done(CONFIRM_PAGES[outcome ?? ''] ?? CONFIRM_PAGES.invalid);
    }

    return text(400, 'Field "form" must be "contact", "newsletter" or "confirm".');
  };
}
