/**
 * `{path}` placeholders: copywriters quote a value of the site settings in any content (YAML copy,
 * Markdown legal texts) instead of retyping it — `{phone.display}`, `{figures.responseContact}`,
 * `{legal.siret}`, `{address.full}`, `{siteUrl}`. One syntax and one implementation for the whole site.
 * An unknown path fails the build, naming the placeholder and the file.
 */
import type { Settings } from '../schemas/site';

const TOKEN = /\{([a-zA-Z]\w*(?:\.[a-zA-Z]\w*)*)\}/g;

/** What placeholders can name: the settings, plus a one-line address and the site URL. */
export function placeholderSource(settings: Settings, siteUrl = ''): Record<string, unknown> {
  const { street, postalCode, city } = settings.address;
  return {
    ...settings,
    address: { ...settings.address, full: `${street}, ${postalCode} ${city}` },
    siteUrl: siteUrl.replace(/\/$/, ''),
  };
}

function resolve(path: string, source: Record<string, unknown>, where: string): string {
  const found = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);
  if (typeof found !== 'string' && typeof found !== 'number') {
    throw new Error(
      `${where}: unknown placeholder {${path}} — use a path of src/content/settings/site.yaml, e.g. {phone.display}`,
    );
  }
  return String(found);
}

/**
 * Fills the placeholders of every string inside `value` (a string, or any object/array of content).
 * @example fillPlaceholders({ href: 'tel:{phone.e164}' }, source, 'x.yaml') // { href: 'tel:+33491000000' }
 */
export function fillPlaceholders<T>(
  value: T,
  source: Record<string, unknown>,
  where = 'content',
): T {
  if (typeof value === 'string') {
    return value.replace(TOKEN, (_match, path: string) => resolve(path, source, where)) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, source, where)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, source, where)]),
    ) as T;
  }
  return value;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Fills the placeholders of rendered HTML (Markdown bodies), HTML-escaping each value.
 * @example fillHtmlPlaceholders('<p>{brand}</p>', { brand: 'A & B' }, 'x.md') === '<p>A &amp; B</p>'
 */
export function fillHtmlPlaceholders(
  html: string,
  source: Record<string, unknown>,
  where = 'content',
): string {
  return html.replace(TOKEN, (_match, path: string) => escapeHtml(resolve(path, source, where)));
}
