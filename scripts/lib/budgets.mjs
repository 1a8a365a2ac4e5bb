// The byte budgets of a page's response as the host sends it (status line, headers, brotli body),
// and what the copy may cost: a copywriter is warned past the first round trip and stopped only
// past two. Used by the build checks (tests/build/copy-budgets.test.ts) and the CI report
// (scripts/lib/publish-status.mjs). Why: docs/decisions/performance.md#budgets-code-blocks-copy-warns.

/** The first round trip: 10 TCP segments of 1,460 bytes (the initial congestion window). */
export const FIRST_ROUND_TRIP = 14_600;
/** Two round trips: past this, a page's copy stops the deploy. */
export const TWO_ROUND_TRIPS = 2 * FIRST_ROUND_TRIP;
/**
 * Where the build checks write the copy budget of every page, for the CI summary and status (the
 * blog at 1,000 posts, scripts/blog-scale.mjs, writes its own elsewhere).
 */
export const COPY_BUDGET_REPORT = process.env.COPY_BUDGET_REPORT ?? 'reports/copy-budget.json';

const frenchNumber = new Intl.NumberFormat('fr-FR');
/** The no-break space French puts before `:` and `;` (as src/lib/content-pipeline/typography.ts does). */
const NBSP = '\u00a0';

/**
 * A byte count the French way: groups of three digits and the unit `o` (octets), each separated by a
 * narrow no-break space.
 * @param {number} bytes
 * @example frenchBytes(16933) === '16\u202F933\u202Fo'
 */
export function frenchBytes(bytes) {
  return `${frenchNumber.format(bytes).replace(/\s/g, '\u202F')}\u202Fo`;
}

/**
 * The name a copywriter knows a page by: « Accueil » for `/`, its address otherwise.
 * @param {string} route
 */
export const pageName = (route) => (route === '/' ? 'Accueil' : route);

/**
 * @typedef {{ route: string, bytes: number, level: 'ok' | 'warning' | 'ceiling', message?: string }} CopyBudget
 */

/**
 * What a page's response size means for its copywriter: nothing within the first round trip; a
 * French warning past it; a French error (the deploy stops) past two round trips.
 * @param {string} route the page's address (`/`, `/contact`)
 * @param {number} bytes its response as sent: headers and brotli body
 * @returns {CopyBudget}
 * @example copyBudget('/', 16933).message
 *   // 'Accueil : 16 933 o envoyés, 2 333 o au-delà du premier aller-retour ; raccourcir …'
 */
export function copyBudget(route, bytes) {
  const name = pageName(route);
  if (bytes > TWO_ROUND_TRIPS)
    return {
      route,
      bytes,
      level: 'ceiling',
      message: `${name}${NBSP}: ${frenchBytes(bytes)} envoyés, ${frenchBytes(bytes - TWO_ROUND_TRIPS)} au-delà de deux allers-retours (${frenchBytes(TWO_ROUND_TRIPS)})${NBSP}: la page ne peut pas être publiée. Raccourcissez son texte (ou coupez-la en deux pages) puis publiez de nouveau.`,
    };
  if (bytes > FIRST_ROUND_TRIP)
    return {
      route,
      bytes,
      level: 'warning',
      message: `${name}${NBSP}: ${frenchBytes(bytes)} envoyés, ${frenchBytes(bytes - FIRST_ROUND_TRIP)} au-delà du premier aller-retour${NBSP}; raccourcir le texte de la page la ferait s’afficher plus vite sur un téléphone (la page est tout de même publiée).`,
    };
  return { route, bytes, level: 'ok' };
}

/**
 * What a page's title too long for a search result means for its copywriter, in French, naming the
 * file that holds it (or the code, for a title written there).
 * @param {string} file where the title is written (`src/content/projects/….yaml`)
 * @param {string} title the page's own title, without the agency's name
 * @param {number} max the characters a search engine shows (TITLE_MAX, src/lib/seo/seo.ts)
 * @example titleBudget('src/content/blog/a.md', 'x'.repeat(70), 60)
 *   // 'src/content/blog/a.md : le titre « xxx… » compte 70 caractères, un moteur de recherche …'
 */
export function titleBudget(file, title, max) {
  const over = title.length - max;
  return `${file}${NBSP}: le titre «${NBSP}${title}${NBSP}» compte ${title.length}${NBSP}caractères, un moteur de recherche en montre ${max}${NBSP}; raccourcissez-le de ${over}${NBSP}caractère${over > 1 ? 's' : ''} (le nom de l’agence s’y ajoute quand il tient).`;
}
