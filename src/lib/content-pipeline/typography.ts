/**
 * French typography, done by the build: the content loader (src/lib/content-pipeline/loader.ts) passes every
 * text of every collection (YAML, front matter, Markdown bodies, settings) through `frenchTypography`
 * after its placeholders are filled, so copywriters type ordinary spaces and straight apostrophes and
 * the site prints:
 * - a no-break space before `: ; ! ?` and `%`, and inside « » (added when missing);
 * - a no-break space between a number and its unit (`24 h`, `5 ans`, `2 000 €`) and inside a number
 *   (`2 000`), so neither breaks across lines;
 * - no-break spaces inside a French phone number (`04 91 00 00 00`, `+33 4 91 00 00 00`);
 * - a typographic apostrophe (’) for a straight one between letters.
 * Words are never changed: quoted strings (titles, notices) keep their exact wording. Code in
 * Markdown (fenced or inline), link targets and HTML tags are left as they are.
 */

const NBSP = '\u00a0';

/** Units and counted durations a number stays attached to (followed by a non-letter). */
const UNITS =
  'h|min|s|ms|j|ans?|mois|jours?|semaines?|heures?|minutes?|secondes?|fois|€|k€|M€|Ko|Mo|Go|ko|px|km|m²|m';

const RULES: [RegExp, string][] = [
  // l'IA, aujourd'hui, S'abonner → ’
  [/(\p{L})'(?=\p{L})/gu, '$1’'],
  // « texte » with no-break spaces inside, added when missing.
  [/«[ \t\u00a0\u202f]*/g, `«${NBSP}`],
  [/[ \t\u00a0\u202f]*»/g, `${NBSP}»`],
  // A space before : ; ! ? becomes no-break.
  [/[ \t\u202f]+([:;!?])/g, `${NBSP}$1`],
  // …and one is added when missing after a word (not in 09:00, https://, ?! pairs or mid-word).
  [/([\p{L}\d»)*])([;!?]+|:)(?=[ \t\n]|$)/gu, `$1${NBSP}$2`],
  // 100 %, 100% → 100 %
  [/(\d)[ \t\u202f]?%(?![\dA-Fa-f]{2})/g, `$1${NBSP}%`],
  // French phone numbers: 04 91 00 00 00, +33 4 91 00 00 00, 04.91.00.00.00 stays as typed.
  [/(?<![\d\p{L}])((?:\+33[ \u00a0]?[1-9]|0[1-9])(?:[ \u00a0]\d{2}){4})(?!\d)/gu, '\u0000$1\u0000'],
  // 2 000, 12 500 000: thousands groups
  [/(\d)[ \t\u202f](?=\d{3}(?!\d))/g, `$1${NBSP}`],
  // 24 h, 5 ans, 2 000 €, 30 jours
  [new RegExp(`(\\d)[ \\t\\u202f](?=(?:${UNITS})(?![\\p{L}\\d]))`, 'gu'), `$1${NBSP}`],
  // 1 500 € HT
  [/([€%])[ \t\u202f](?=(?:HT|TTC)\b)/g, `$1${NBSP}`],
];

/** The rules as text: part of the content cache's digest, so changing a rule refreshes every entry. */
export const TYPOGRAPHY_RULES = RULES.map(
  ([pattern, replacement]) => `${pattern}→${replacement}`,
).join('\n');

/**
 * The text with French typography applied (see the module comment). Idempotent.
 * @example frenchTypography("Réponse en 24 h : c'est promis !") === 'Réponse en 24\u00a0h\u00a0: c’est promis\u00a0!'
 */
export function frenchTypography(text: string): string {
  let result = text;
  for (const [pattern, replacement] of RULES) result = result.replace(pattern, replacement);
  // Phone numbers were marked by \u0000 … \u0000: their spaces become no-break.
  return result.replace(/\u0000([^\u0000]*)\u0000/g, (_, phone: string) =>
    phone.replace(/ /g, NBSP),
  );
}

/** Markdown code (fenced, inline), link targets, autolinks, HTML tags and entities: kept as typed. */
const MARKDOWN_LITERAL =
  /(```[\s\S]*?```|~~~[\s\S]*?~~~|`[^`\n]*`|\]\([^)\n]*\)|<[^>\n]+>|&#?\w+;)/;

/**
 * A Markdown body with French typography in its text, its code, link targets and HTML tags untouched.
 * @example frenchMarkdown("Voir [l'offre](/offre?id=1) : `a : b`") === 'Voir [l’offre](/offre?id=1)\u00a0: `a : b`'
 */
export function frenchMarkdown(markdown: string): string {
  return markdown
    .split(MARKDOWN_LITERAL)
    .map((part, index) => (index % 2 === 1 ? part : frenchTypography(part)))
    .join('');
}

/** A link, path or anchor with no space in it (`mailto:…?subject=Candidature%20…`, `/contact#x`). */
const ADDRESS = /^(?:[a-z][a-z\d+.-]*:|\/|#)\S*$/i;

/**
 * Every string of a content entry's data with French typography, at any depth. Links and paths,
 * dates, numbers and booleans pass through.
 */
export function typesetData<T>(value: T): T {
  if (typeof value === 'string')
    return (ADDRESS.test(value) ? value : frenchTypography(value)) as T;
  if (Array.isArray(value)) return value.map(typesetData) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, typesetData(item)]),
    ) as T;
  return value;
}
