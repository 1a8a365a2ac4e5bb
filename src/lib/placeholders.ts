/** `{{token}}` placeholders in Markdown that copywriters write, filled from the site settings. */
import type { Settings } from '../schemas/site';

const TOKEN = /\{\{\s*([a-zA-Z][\w.]*)\s*\}\}/g;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Replaces every `{{name}}` in rendered HTML by the HTML-escaped value of `values[name]`.
 * An unknown token throws, naming the token, the source and the known names, so a typo fails the build.
 * @example fillPlaceholders('<p>{{brand}}</p>', { brand: 'A & B' }, 'x.md') === '<p>A &amp; B</p>'
 */
export function fillPlaceholders(html: string, values: Record<string, string>, source = 'texte'): string {
  return html.replace(TOKEN, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) {
      throw new Error(
        `${source}: {{${name}}} is not a known placeholder (known: ${Object.keys(values).sort().join(', ')})`,
      );
    }
    return escapeHtml(value);
  });
}

/** What the legal texts may use as `{{token}}`, taken from the site settings (one source of truth). */
export function legalPlaceholders(settings: Settings, siteUrl: string): Record<string, string> {
  const { address, legal } = settings;
  return {
    brand: settings.brand,
    companyName: legal.companyName,
    legalForm: legal.legalForm,
    siret: legal.siret,
    director: legal.director,
    host: legal.host,
    hostAddress: legal.hostAddress,
    lastUpdated: legal.lastUpdated,
    address: `${address.street}, ${address.postalCode} ${address.city}`,
    email: settings.email,
    phone: settings.phone.display,
    siteUrl: siteUrl.replace(/\/$/, ''),
  };
}
