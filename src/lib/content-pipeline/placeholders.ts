/**
 * `{path}` placeholders: copywriters quote a fact instead of retyping it, in any content (YAML, Markdown
 * bodies and front matter, SEO fields). A path names a value of the site settings (`{phone.display}`,
 * `{figures.responseContact}`, `{legal.siret}`, `{address.full}`, `{siteUrl}`) or of a collection
 * entry, as `{<folder>.<file>.<field>}` (`{offers.site-vitrine.price}`). One syntax and one
 * implementation for the whole site; the content loader (src/lib/content-pipeline/loader.ts) fills every entry
 * before it is validated, and an unknown path fails the build naming the file and the field.
 */
import { distance } from 'fastest-levenshtein';
import { ContentError } from './errors';

/** A placeholder: `{` + a path whose first segment starts with a letter + `}`. */
const TOKEN = /\{([a-zA-Z][\w-]*(?:\.[\w-]+)*)\}/g;

/** How many placeholders deep a quoted value may itself quote others. */
const MAX_DEPTH = 5;

export type PlaceholderSource = Record<string, unknown>;

/**
 * What placeholders can name: the settings, a one-line address, the site URL, and the entries of the
 * data collections by folder and file name (`entries['offers']['site-vitrine']`).
 * @example placeholderSource(settings, 'https://x.fr/').siteUrl === 'https://x.fr'
 */
export function placeholderSource(
  settings: Record<string, unknown>,
  siteUrl = '',
  entries: Record<string, Record<string, unknown>> = {},
): PlaceholderSource {
  const address = (settings.address ?? {}) as Record<string, unknown>;
  const full =
    address.street && address.postalCode && address.city
      ? `${address.street}, ${address.postalCode} ${address.city}`
      : undefined;
  return {
    ...entries,
    ...settings,
    address: { ...address, full },
    siteUrl: siteUrl.replace(/\/$/, ''),
  };
}

function lookup(path: string, source: PlaceholderSource): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      source,
    );
}

/** The known path closest to a mistyped one (same parent first), for the « vouliez-vous dire » hint. */
function closestPath(path: string, source: PlaceholderSource): string | undefined {
  const candidates: string[] = [];
  const walk = (node: unknown, prefix: string, depth: number) => {
    if (depth > 4 || !node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const next = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string' || typeof value === 'number') candidates.push(next);
      else walk(value, next, depth + 1);
    }
  };
  walk(source, '', 0);
  let best: string | undefined;
  let bestDistance = Math.max(3, Math.floor(path.length / 4)) + 1;
  for (const candidate of candidates) {
    const gap = distance(path, candidate);
    if (gap < bestDistance) [best, bestDistance] = [candidate, gap];
  }
  return best;
}

function resolve(
  path: string,
  source: PlaceholderSource,
  file: string,
  field: readonly PropertyKey[],
  depth: number,
): string {
  const found = lookup(path, source);
  if (typeof found === 'number') return String(found);
  if (typeof found === 'string') {
    if (depth >= MAX_DEPTH) {
      throw new ContentError(
        file,
        field,
        `le repère {${path}} renvoie à un texte qui cite un autre repère, et ainsi de suite plus de ${MAX_DEPTH} fois (repères qui se citent en boucle ?). Remplacez l’un d’eux par la valeur elle-même`,
      );
    }
    return fillText(found, source, file, field, depth + 1);
  }
  const hint = closestPath(path, source);
  const what =
    found === undefined
      ? `le repère {${path}} n’existe pas`
      : `le repère {${path}} désigne un groupe de valeurs, pas une valeur`;
  throw new ContentError(
    file,
    field,
    `${what}. ${hint ? `Vouliez-vous dire {${hint}} ? ` : ''}Vérifiez son orthographe : les repères possibles sont listés dans CONTENT.md (« Citer un fait »)`,
  );
}

function fillText(
  text: string,
  source: PlaceholderSource,
  file: string,
  field: readonly PropertyKey[],
  depth = 0,
): string {
  return text.replace(TOKEN, (_match, path: string) => resolve(path, source, file, field, depth));
}

/**
 * Fills the placeholders of every string inside `value` (a string, or any object/array of content).
 * An unknown path throws a {@link ContentError} naming the file and the field.
 * @example fillPlaceholders({ href: 'tel:{phone.e164}' }, source, 'x.yaml') // { href: 'tel:+33491000000' }
 */
export function fillPlaceholders<T>(
  value: T,
  source: PlaceholderSource,
  file = 'contenu',
  field: readonly PropertyKey[] = [],
): T {
  if (typeof value === 'string') return fillText(value, source, file, field) as T;
  if (Array.isArray(value))
    return value.map((item, index) => fillPlaceholders(item, source, file, [...field, index])) as T;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        fillPlaceholders(item, source, file, [...field, key]),
      ]),
    ) as T;
  }
  return value;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Fills the placeholders of a Markdown body before it is rendered, HTML-escaping each value so that a
 * quoted `<` or `&` stays text. Errors name the field « texte de l’article ».
 * @example fillMarkdownPlaceholders('Appelez le {phone.display}', source, 'x.md') === 'Appelez le 04 91 00 00 00'
 */
export function fillMarkdownPlaceholders(
  markdown: string,
  source: PlaceholderSource,
  file = 'contenu',
): string {
  return markdown.replace(TOKEN, (_match, path: string) =>
    escapeHtml(resolve(path, source, file, [BODY_FIELD], 0)),
  );
}

/** The name errors give to the Markdown body of a file. */
export const BODY_FIELD = 'texte (sous le bloc ---)';
