/**
 * A URL segment or fragment from French text: lower case, no accents, words joined by hyphens
 * (no-break spaces and typographic apostrophes included), so a link to it reads the same everywhere.
 * @example slugify('Étape 1\u00a0: l’inventaire') === 'etape-1-l-inventaire'
 */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
