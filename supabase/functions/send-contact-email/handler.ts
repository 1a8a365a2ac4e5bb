import { buildContactEmail } from './contact-email.ts';
import type { ContactStore, DigestKind } from './contact-store.ts';
import { buildCaptchaAlert } from './check-alert.ts';
import { buildDigestEmail, SPAM_DIGEST_LISTED } from './digest-email.ts';
import { HELD_DIGEST_LISTED } from './held-digest.ts';
import { withReleaseLinks } from './release-links.ts';
import { errorResponse, jsonResponse, readJson } from '../_shared/http.ts';
import { type Mailer, MailSendError } from '../_shared/mailer.ts';
import { type CaptchaVerifier, captchaVerdict } from './turnstile.ts';
import {
  CONTACT_FIELDS,
  isUuid,
  LEAD_SOURCE_FIELDS,
  validateContact,
  validateLeadSource,
} from '../_shared/validation.ts';

export { MAX_BODY_BYTES } from '../_shared/http.ts';

/** What the handler needs from the outside world; injected so it can be tested without Deno. */
export interface HandlerDeps {
  /**
   * Environment: CONTACT_TO (agency inbox), CONTACT_FROM (sender), SITE_URL (the release links of
   * the held and « À vérifier » lists).
   */
  env: Record<string, string | undefined>;
  /** The configured mailer, or null when neither RESEND_API_KEY nor SMTP_URL is set. */
  mailer: Mailer | null;
  /**
   * The alert route (ALERT_SMTP_URL: another provider than the main one), for the leads still
   * unmailed after an hour; null: they go through `mailer`.
   */
  alertMailer?: Mailer | null;
  /** public.contacts, read and marked with the service role. */
  store: ContactStore;
  /** Cloudflare Turnstile verifier when TURNSTILE_SECRET_KEY is set, else null (off). */
  captcha?: CaptchaVerifier | null;
  /** Error logger (console.error by default). */
  logError?: (...args: unknown[]) => void;
}

/** The handler's dependencies, and its logger resolved. */
type Context = { deps: HandlerDeps; logError: (...args: unknown[]) => void };

/** Where lead and digest e-mails go, and through what. */
type MailSettings = { mailer: Mailer; from: string; to: string };

/** The mailer and addresses, or the 500 answer when mail is not configured. */
function mailSettings(ctx: Context): { response: Response } | MailSettings {
  const to = ctx.deps.env.CONTACT_TO;
  const from = ctx.deps.env.CONTACT_FROM;
  if (!ctx.deps.mailer || !to || !from) {
    ctx.logError(
      'send-contact-email: mail is not configured (RESEND_API_KEY or SMTP_URL, CONTACT_TO, CONTACT_FROM)',
    );
    return {
      response: errorResponse(
        500,
        'E-mail delivery is not configured: set RESEND_API_KEY or SMTP_URL, plus CONTACT_TO and CONTACT_FROM.',
      ),
    };
  }
  return { mailer: ctx.deps.mailer, from, to };
}

/**
 * Sends the due digest of this kind once (nothing when none is due or another call sends it); only
 * for the sweep, which sends its secret (`X-Sweep-Secret`): a stranger cannot drive the alert.
 */
async function sendDigest(ctx: Context, kind: unknown, req: Request): Promise<Response> {
  const secret = req.headers.get('x-sweep-secret');
  if (!secret || !(await ctx.deps.store.isSweepSecret(secret))) {
    return errorResponse(403, 'Digests are sent by the sweep only (X-Sweep-Secret).');
  }
  if (!['ceiling', 'spam', 'unmailed', 'held', 'check'].includes(kind as string)) {
    return errorResponse(
      400,
      'Field "digest" must be "ceiling", "spam", "unmailed", "held" or "check".',
    );
  }
  const mail = mailSettings(ctx);
  if ('response' in mail) return mail.response;
  if (kind === 'check') return sendCaptchaAlert(ctx, mail);
  const digest = await ctx.deps.store.claimDigest(kind as DigestKind);
  if (!digest) return jsonResponse({ ok: true, digest: null, contacts: 0 });
  const mailer = kind === 'unmailed' ? (ctx.deps.alertMailer ?? mail.mailer) : mail.mailer;
  const site = ctx.deps.env.SITE_URL || 'http://localhost:4321';
  try {
    const listed = { held: HELD_DIGEST_LISTED, spam: SPAM_DIGEST_LISTED }[kind as string] ?? 0;
    const withLinks = await withReleaseLinks(digest, ctx.deps.store, site, listed);
    await mailer.send(buildDigestEmail(withLinks, { from: mail.from, to: mail.to }));
  } catch (error) {
    ctx.logError(`send-contact-email: sending the ${kind} digest failed:`, error);
    await ctx.deps.store.releaseDigest(digest.id);
    return errorResponse(502, 'The e-mail could not be sent. Please try again later.');
  }
  await ctx.deps.store.markDigestMailed(digest.id);
  return jsonResponse({ ok: true, digest: digest.id, contacts: digest.contacts.length });
}

/** Sends the alert for a misconfigured Turnstile check, when due, through the alert route. */
async function sendCaptchaAlert(ctx: Context, mail: MailSettings): Promise<Response> {
  const alert = await ctx.deps.store.claimCaptchaAlert();
  if (!alert) return jsonResponse({ ok: true, digest: null, contacts: 0 });
  try {
    await (ctx.deps.alertMailer ?? mail.mailer).send(buildCaptchaAlert(alert, mail));
  } catch (error) {
    ctx.logError('send-contact-email: sending the check alert failed:', error);
    await ctx.deps.store.finishCaptchaAlert(alert.id, false);
    return errorResponse(502, 'The e-mail could not be sent. Please try again later.');
  }
  await ctx.deps.store.finishCaptchaAlert(alert.id, true);
  return jsonResponse({ ok: true, digest: alert.id, contacts: 0 });
}

/**
 * The 422 answer when a field of the body breaks the rules, else null. The browser's call carries
 * the six fields too: they must pass the same rules as the database (one validation everywhere).
 * The sweep sends the id alone.
 */
function refusedField(body: object): Response | null {
  const refusal = (checked: { error: string; field: string; rule: string }) =>
    jsonResponse({ error: checked.error, field: checked.field, rule: checked.rule }, 422);
  if (CONTACT_FIELDS.some((field) => field in body)) {
    const checked = validateContact(body);
    if (!checked.ok) return refusal(checked);
  }
  if (LEAD_SOURCE_FIELDS.some((field) => field in body)) {
    const checked = validateLeadSource(body as Record<string, unknown>);
    if (!checked.ok) return refusal(checked);
  }
  return null;
}

/** Claims the row `id` and mails it to the agency, once (see createHandler for the answers). */
async function mailContact(ctx: Context, id: string, mail: MailSettings): Promise<Response> {
  const claim = await ctx.deps.store.claim(id);
  if ('refusal' in claim) {
    if (claim.refusal === 'unknown') return errorResponse(404, `No contact request with id ${id}.`);
    if (claim.refusal === 'busy') return jsonResponse({ ok: true, pending: true }, 202);
    return jsonResponse({ ok: true });
  }
  const { row } = claim;

  // Turnstile: the one-use token is verified once, at the row's first attempt; retries, the
  // sweep and a released row go on the stored verdict. 'refused': kept for review, and the visitor
  // is told so (`held`). No token, a spent one or no answer: mailed « non vérifié » under a
  // ceiling of its own (docs/decisions/contact.md, « Unverified leads »).
  let verdict = row.captcha_verdict;
  if (ctx.deps.captcha && !verdict && !row.released_at) {
    const found = await captchaVerdict(
      ctx.deps.captcha,
      row.captcha_token,
      row.client_address,
      ctx.logError,
    );
    verdict = await ctx.deps.store.recordCaptchaVerdict(id, found);
    if (verdict === 'refused') return jsonResponse({ ok: true, held: true });
  }
  // The hourly ceilings count only rows past every check: a scripted row awaiting its verdict
  // takes no slot from a real lead. Over one, the row waits for its digest or the hourly list.
  const slot = await ctx.deps.store.takeMailSlot(id);
  if (slot === 'review') return jsonResponse({ ok: true, held: true });
  if (slot === 'held') return jsonResponse({ ok: true });

  try {
    await mail.mailer.send(
      buildContactEmail({ ...row, captcha_verdict: verdict }, { from: mail.from, to: mail.to }),
    );
  } catch (error) {
    ctx.logError('send-contact-email: sending failed:', error);
    // Refused for good (4xx): set aside and reported by the alert, not an outage. Else retried.
    if (error instanceof MailSendError && error.refused) {
      await ctx.deps.store.setAside(id, error.message);
    } else await ctx.deps.store.release(id);
    return errorResponse(502, 'The e-mail could not be sent. Please try again later.');
  }
  await ctx.deps.store.markMailed(id);
  return jsonResponse({ ok: true });
}

/**
 * Builds the request handler of `send-contact-email`. The body names a stored row by `id` (the
 * browser also sends the six fields, the body the form was first built with; they are ignored): the function reads that
 * row with the service role and mails ITS content to the agency, reply-to the visitor, once — a
 * second call for the same row answers success without mailing. The sweep calls it with `{ id }`.
 * Over the site-wide hourly ceiling of lead e-mails the row is held (200, nothing sent) for the
 * ceiling digest. `{ "digest": "ceiling" | "spam" | "unmailed" | "held" | "check" }` (from the sweep, with its secret
 * in `X-Sweep-Secret`; else 403) sends the due
 * digest, once (`unmailed`: the leads unmailed for an hour, through the alert route):
 * 200 `{ ok, digest: <id> | null, contacts }`.
 * With Turnstile on, the row's token is verified at its first attempt only and the verdict stored;
 * a refused token is kept for review (« À vérifier »); no token, a spent one or no answer is mailed
 * « non vérifié » under its own ceiling, past it held for the hourly list. A row not mailed within
 * minutes is answered `{ ok: true, held: true }` so the visitor is told.
 * Status codes: 200 mailed, already mailed, held, or nothing to mail (spam rows look mailed) · 202 being
 * mailed by another call · 400 not JSON / no valid id · 404 unknown id ·
 * 422 a field of the body breaks the contact rules (`{ error, field, rule }`) ·
 * 403 a digest asked without the sweep's secret · 405 wrong method · 413 body over 16 KB · 415 not application/json · 500 mail not configured ·
 * 502 mail provider failed (the row stays unmailed for a retry or the sweep).
 */
export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  const ctx: Context = { deps, logError: deps.logError ?? console.error };

  return async (req) => {
    if (req.method === 'OPTIONS') return jsonResponse({ ok: true });
    if (req.method !== 'POST') {
      return errorResponse(405, `Method ${req.method} is not allowed; use POST.`, {
        Allow: 'POST, OPTIONS',
      });
    }
    const read = await readJson(req);
    if ('response' in read) return read.response;
    const { body } = read;
    if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'digest' in body) {
      return sendDigest(ctx, (body as { digest: unknown }).digest, req);
    }
    const id = (body as { id?: unknown } | null)?.id;
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !isUuid(id)) {
      return errorResponse(400, 'Request body must be a JSON object with the row "id" (a UUID).');
    }
    const refused = refusedField(body);
    if (refused) return refused;
    const mail = mailSettings(ctx);
    if ('response' in mail) return mail.response;
    return mailContact(ctx, id, mail);
  };
}
