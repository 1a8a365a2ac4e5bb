import type { FormPost, FormPostDeps, FormPostTools } from './context.ts';
import { postContact } from './contact-post.ts';
import { postConfirm, postSignup } from './newsletter-post.ts';
import { postRelease } from './release-post.ts';
import { readCapped } from '../_shared/http.ts';
import { HONEYPOT_FIELD } from '../_shared/validation.ts';

/** Largest form body: a 5,000-character message, percent-encoded, fits. */
export const MAX_FORM_BYTES = 64 * 1024;
/**
 * The fill time this endpoint vouches for a post that is a browser form submission from the site's
 * own page: a page without script cannot measure one. Above both forms' minimum; the stored row gets
 * NULL (not measured).
 */
const VOUCHED_FILL_MS = 60_000;

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

/** A plain-text answer (the refusals of a post that is no form of ours). */
function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers },
  });
}

/** The form-urlencoded body of a POST, or the plain-text refusal (405, 415, 413). */
async function readForm(req: Request): Promise<{ form: URLSearchParams } | { response: Response }> {
  if (req.method !== 'POST') {
    return {
      response: text(405, 'Use POST (this is where the site\u2019s forms post).', {
        Allow: 'POST',
      }),
    };
  }
  const type = (req.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    return { response: text(415, 'Send an HTML form (application/x-www-form-urlencoded).') };
  }
  const body = await readCapped(req, MAX_FORM_BYTES);
  if (body === null) {
    return { response: text(413, `Form body must be at most ${MAX_FORM_BYTES} bytes.`) };
  }
  return { form: new URLSearchParams(body) };
}

/** The answers of a post, for the site at `site` and this endpoint at `action`. */
function answers(site: string, action: string): Pick<FormPostTools, 'html' | 'done'> {
  const htmlHeaders = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': `default-src 'none'; style-src 'unsafe-inline'; form-action ${action} ${site}; base-uri 'none'; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
  };
  return {
    html: (status, body) => new Response(body, { status, headers: htmlHeaders }),
    done: (page) =>
      new Response(null, {
        status: 303,
        headers: { Location: `${site}${page}`, 'Cache-Control': 'no-store' },
      }),
  };
}

/**
 * Builds the request handler of `form-post`: the contact form and the newsletter box post here
 * (`application/x-www-form-urlencoded`, field `form` = `contact` | `newsletter`) when JavaScript has
 * not taken them over (off, blocked, failed, or not loaded yet); so do the buttons of the site's
 * link pages (`confirm`: the newsletter's confirmation, `release`: a held lead sent to the agency). The same steps as the scripted path:
 * one validation, the insert as the browser's role (same trigger: limits, honeypot, fill time), then
 * `send-contact-email` / `newsletter`. Answers 303 to the site's confirmation page, or a French page
 * (422, 429, 500) with the form again and everything the visitor wrote.
 */
export function createFormPostHandler(deps: FormPostDeps): (req: Request) => Promise<Response> {
  const site = (deps.env.SITE_URL || 'http://localhost:4321').replace(/\/+$/, '');
  const action = `${(deps.env.SUPABASE_URL || '').replace(/\/+$/, '')}/functions/v1/form-post`;
  const ourOrigins = [
    new URL(site).origin,
    ...(URL.canParse(action) ? [new URL(action).origin] : []),
  ];
  const tools: FormPostTools = {
    deps,
    logError: deps.logError ?? console.error,
    ...answers(site, action),
  };

  return async (req) => {
    const read = await readForm(req);
    if ('response' in read) return read.response;
    const { form } = read;
    const vouched = fromOurPage(req, ourOrigins);
    const post: FormPost = {
      form,
      headers: Object.fromEntries(req.headers),
      extras: {
        [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? '',
        fill_ms: vouched ? VOUCHED_FILL_MS : null,
        fill_vouched: vouched,
      },
      page: { action, site },
    };
    switch (form.get('form')) {
      case 'contact':
        return postContact(post, tools);
      case 'newsletter':
        return postSignup(post, tools);
      case 'confirm':
        return postConfirm(post, tools);
      case 'release':
        return postRelease(post, tools);
    }
    return text(400, 'Field "form" must be "contact", "newsletter", "confirm" or "release".');
  };
}
