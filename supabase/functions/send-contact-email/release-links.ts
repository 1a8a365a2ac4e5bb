// « Envoyer ce message »: a signed, expiring link per lead listed in the « Demandes retenues » and
// « À vérifier » digests (migration 20261205000000_release_links.sql). It opens the site's page
// /contact/envoyer, whose button posts the token to `form-post`: opening the link releases nothing
// (mail scanners open links). The database makes the tokens; this function never holds the key.
import type { ClaimedDigest, ContactStore } from './contact-store.ts';
import { escapeHtml } from '../_shared/html.ts';

/** The site's page a release link opens (src/pages/contact/envoyer.astro). */
export const RELEASE_PAGE = '/contact/envoyer';

/** The link's words in the digests. */
export const RELEASE_LABEL = 'Envoyer ce message';

type ReleaseLink = { url: string; expiresAt: string };

/** A date in Paris time, « 12/12/2026 14:05 ». */
export function parisTime(iso: string): string {
  return new Date(iso).toLocaleString('fr-FR', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'short',
  });
}

/**
 * The digest with a release link for each of its first `listed` leads (those the e-mail lists).
 * @param site SITE_URL, the site's address
 */
export async function withReleaseLinks(
  digest: ClaimedDigest,
  store: Pick<ContactStore, 'releaseTokens'>,
  site: string,
  listed: number,
): Promise<ClaimedDigest> {
  const ids = digest.contacts.slice(0, listed).map((contact) => contact.id);
  if (ids.length === 0) return digest;
  const base = `${site.replace(/\/+$/, '')}${RELEASE_PAGE}?jeton=`;
  const tokens = await store.releaseTokens(ids);
  const releaseLinks = Object.fromEntries(
    tokens.map(({ id, token, expiresAt }) => [
      id,
      { url: `${base}${encodeURIComponent(token)}`, expiresAt },
    ]),
  );
  return { ...digest, releaseLinks };
}

/** The entry's text line for its link (none without one). */
export function releaseLines(link: ReleaseLink | undefined): [string, string][] {
  if (!link) return [];
  return [[RELEASE_LABEL, `${link.url} (lien valable jusqu’au ${parisTime(link.expiresAt)})`]];
}

/** The entry's HTML link, a button-sized anchor a phone's mail app opens (none without one). */
export function releaseButton(link: ReleaseLink | undefined): string {
  if (!link) return '';
  return (
    `\n<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 18px;` +
    `background:#4338ca;color:#ffffff;border-radius:999px;font-weight:bold;text-decoration:none">` +
    `${RELEASE_LABEL}</a> <small>(valable jusqu’au ${escapeHtml(parisTime(link.expiresAt))})</small></p>`
  );
}
