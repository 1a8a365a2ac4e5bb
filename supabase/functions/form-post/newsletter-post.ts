import type { FormPost, FormPostTools } from './context.ts';
import { signupPage, tokenErrorPage } from './form-page.ts';
import {
  contact,
  newsletter,
  newsletterConfirm,
  newsletterRefused,
} from '../_shared/messages-fr.ts';
import {
  checkField,
  HONEYPOT_FIELD,
  MAX_LENGTHS,
  retryAfterSeconds,
} from '../_shared/validation.ts';

/** Where the site's page answers a sign-up that went through. */
const DONE_PAGE = '/newsletter/inscription';

/** Where the confirmation button leads, by what `newsletter` answered (its RESULT_PAGES). */
export const CONFIRM_PAGES: Record<string, string> = {
  confirmed: '/newsletter/confirmee',
  already: '/newsletter/deja-confirmee',
  expired: '/newsletter/lien-expire',
  invalid: '/newsletter/lien-invalide',
};

/** `newsletter`'s answer when it went through, else null (the failure logged). */
async function callNewsletter(
  tools: FormPostTools,
  body: Record<string, unknown>,
): Promise<Response | null> {
  const res = await tools.deps.invoke('newsletter', body).catch((error) => {
    tools.logError('form-post: newsletter failed:', error);
    return null;
  });
  if (res?.ok) return res;
  if (res) tools.logError(`form-post: newsletter answered ${res.status}:`, await res.text());
  return null;
}

/**
 * The newsletter box: the address checked, the sign-up inserted as the browser's role, then
 * `newsletter` mails the confirmation link. 303 to the site's page, or the box again (422, 429, 500).
 */
export async function postSignup(post: FormPost, tools: FormPostTools): Promise<Response> {
  const email = (post.form.get('email') ?? '').trim();
  const refuse = (status: number, reason: string, invalid = false) =>
    tools.html(
      status,
      signupPage({
        ...post.page,
        title: newsletterRefused.title,
        reason,
        email,
        invalid,
        honeypotName: HONEYPOT_FIELD,
        maxLength: MAX_LENGTHS.email,
      }),
    );
  if (checkField('email', email)) return refuse(422, newsletter.invalidEmail, true);
  const saved = await tools.deps.store.saveSignup({ email, ...post.extras }, post.headers);
  if ('refusal' in saved) {
    const { refusal } = saved;
    if (refusal.code === 'rate_limited')
      return refuse(
        429,
        newsletter.rateLimited(contact.retryIn(retryAfterSeconds(refusal.details))),
      );
    if (refusal.code === '23514') return refuse(422, newsletter.invalidEmail, true);
    tools.logError('form-post: the sign-up insert was refused:', refusal);
    return refuse(500, newsletter.errorText);
  }
  if (!(await callNewsletter(tools, { email }))) return refuse(500, newsletter.errorText);
  return tools.done(DONE_PAGE);
}

/**
 * The button of the site's confirmation page: a person pressed it (a mail scanner follows the
 * e-mail's link, a GET, and posts no form). `newsletter` checks the token and confirms.
 */
export async function postConfirm(post: FormPost, tools: FormPostTools): Promise<Response> {
  // In the form, written there by the site's Worker (src/worker/token-pages.ts); no Referer.
  const token = post.form.get('token') ?? '';
  if (!token) return tools.done(CONFIRM_PAGES.invalid);
  const res = await callNewsletter(tools, { confirm: token });
  if (!res)
    return tools.html(500, tokenErrorPage({ ...post.page, token }, newsletterConfirm, 'confirm'));
  const { outcome } = (await res.json()) as { outcome?: string };
  return tools.done(CONFIRM_PAGES[outcome ?? ''] ?? CONFIRM_PAGES.invalid);
}
