import type { FormPost, FormPostTools } from './context.ts';
import { tokenErrorPage } from './form-page.ts';
import type { ReleaseOutcome } from './form-post-store.ts';
import { contactRelease } from '../_shared/messages-fr.ts';

/** Where the release button leads, by what the database did (src/pages/contact/envoyer/). */
export const RELEASE_PAGES: Record<ReleaseOutcome, string> = {
  released: '/contact/envoyer/envoye',
  already: '/contact/envoyer/deja-envoye',
  expired: '/contact/envoyer/lien-expire',
  invalid: '/contact/envoyer/lien-invalide',
};

/**
 * The button of the site's page /contact/envoyer, which a release link of the agency's digests
 * opens: a person pressed it (a mail scanner follows the link, a GET, and posts no form). The
 * database checks the token and releases the lead (private.release_by_token); it is mailed now
 * through `send-contact-email`, by id as the sweep does (its claim mails a row once), else by the
 * sweep within minutes. 303 to the result page; 500 with the button again when the release failed.
 */
export async function postRelease(post: FormPost, tools: FormPostTools): Promise<Response> {
  // In the form, written there by the site's Worker (src/worker/token-pages.ts); no Referer.
  const token = post.form.get('token') ?? '';
  if (!token) return tools.done(RELEASE_PAGES.invalid);
  let released: { outcome: ReleaseOutcome; id: string | null };
  try {
    released = await tools.deps.store.releaseByToken(token);
  } catch (error) {
    tools.logError('form-post: the release failed:', error);
    return tools.html(500, tokenErrorPage({ ...post.page, token }, contactRelease, 'release'));
  }
  if (released.outcome === 'released' && released.id) {
    await tools.deps
      .invoke('send-contact-email', { id: released.id })
      .then(async (res) => {
        if (!res.ok)
          tools.logError(`form-post: send-contact-email answered ${res.status}:`, await res.text());
      })
      .catch((error) => tools.logError('form-post: send-contact-email failed:', error));
  }
  return tools.done(RELEASE_PAGES[released.outcome] ?? RELEASE_PAGES.invalid);
}
