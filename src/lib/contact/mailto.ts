/** `mailto:` links with an optional subject, encoded so every mail client reads them. */

/**
 * A mailto link; the subject is percent-encoded (spaces as %20, not +).
 * @example mailtoHref('a@b.fr', 'Candidature : Stage') === 'mailto:a@b.fr?subject=Candidature%20%3A%20Stage'
 */
export function mailtoHref(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`;
}
