// What a copywriter reads about a build, in French: the commit status the editor shows
// (« Construction… », « Échec : … », « En ligne : <adresse> ») and the job summary listing every
// error. Pure: scripts/publish-status.mjs gathers the inputs in CI (scripts/lib/publish-status-ci.mjs)
// and sends the result.
// Why: docs/decisions/hosting.md#the-outcome-as-a-commit-status.

/** GitHub refuses a commit status description longer than this. */
export const DESCRIPTION_LIMIT = 140;
/** The status' name: the editor and the pull request show one line under this name. */
export const STATUS_CONTEXT = 'Publication';

/** The steps of a build, in order, with the name a copywriter reads. */
export const STEPS = {
  install: 'Installation',
  content: 'Vérification des contenus',
  build: 'Construction du site',
  pages: 'Vérification des pages (poids, liens, HTML)',
  preview: 'Mise en ligne de l’aperçu',
  checks: 'Vérifications rapides (contenus, construction, pages)',
  tests: 'Tests complets',
  deploy: 'Mise en ligne du site',
};

/**
 * @typedef {'success' | 'failure' | 'cancelled' | 'skipped'} Outcome
 * @typedef {{ id: keyof typeof STEPS, outcome: Outcome }} Step
 * @typedef {import('./budgets.mjs').CopyBudget} CopyBudget
 * @typedef {{
 *   steps: Step[],
 *   done: boolean,
 *   contentErrors?: string[],
 *   budgets?: CopyBudget[],
 *   url?: string,
 * }} BuildResult
 *   `steps`: what has run so far; `done`: no step is left to run; `contentErrors`: the content
 *   check's French lines (src/lib/content-pipeline/check-all.ts); `budgets`: the copy budget of every page
 *   (scripts/lib/budgets.mjs); `url`: where the result is online (the preview or the live site).
 * @typedef {{ state: 'pending' | 'success' | 'failure' | 'error', description: string, summary: string }} PublishStatus
 */

/**
 * A description cut to GitHub's limit, ending with « … » when cut.
 * @param {string} text
 */
export function shorten(text) {
  const chars = [...text];
  return chars.length <= DESCRIPTION_LIMIT
    ? text
    : `${chars
        .slice(0, DESCRIPTION_LIMIT - 1)
        .join('')
        .trimEnd()}…`;
}

/** A content error as the status shows it: without the `src/content/` every line starts with. */
const shortError = (/** @type {string} */ line) => line.replace(/^src\/content\//, '');

/**
 * The status of a build (its description not yet cut to GitHub's limit) and the summary's advice:
 * the first failed step (named by the content error or the page over its ceiling that failed it,
 * when there is one), else an interruption, else still running, else online (with the first copy
 * budget warning).
 * @param {BuildResult} result
 * @param {CopyBudget[]} ceilings the pages over their ceiling
 * @param {CopyBudget[]} warnings the pages over their warning
 * @returns {{ status: Pick<PublishStatus, 'state' | 'description'>, advice?: string }}
 */
function verdict({ steps, done, contentErrors = [], url }, ceilings, warnings) {
  const failed = steps.find((step) => step.outcome === 'failure');
  const cancelled = steps.find((step) => step.outcome === 'cancelled');

  /** @type {Pick<PublishStatus, 'state' | 'description'>} */
  let status;
  let advice;
  if (failed && failed.id === 'content' && contentErrors.length) {
    status = { state: 'failure', description: `Échec : ${shortError(contentErrors[0])}` };
    advice =
      'Corrigez chaque fichier cité (le champ et la correction sont dans le message), puis publiez de nouveau : le site en ligne n’a pas changé.';
  } else if (failed && ceilings.length) {
    status = { state: 'failure', description: `Échec : ${ceilings[0].message}` };
    advice =
      'Raccourcissez le texte de la page citée (ou coupez-la en deux), puis publiez de nouveau : le site en ligne n’a pas changé.';
  } else if (failed) {
    status = {
      state: 'failure',
      description: `Échec : « ${STEPS[failed.id]} ». Vos textes sont enregistrés ; prévenez un développeur.`,
    };
    advice =
      'Cette étape ne vérifie pas seulement les contenus : si vos modifications n’y sont pour rien, prévenez un développeur avec le lien de cette construction. Rien n’est perdu, et le site en ligne n’a pas changé.';
  } else if (cancelled) {
    status = {
      state: 'error',
      description: 'Interrompu avant la fin : relancez la publication (rien n’est perdu).',
    };
    advice = 'La construction a été interrompue (souvent par une publication plus récente).';
  } else if (!done) {
    status = { state: 'pending', description: 'Construction…' };
  } else {
    const online = url ? `En ligne : ${url}` : 'En ligne';
    status = {
      state: 'success',
      description: warnings.length ? `${online} · ${warnings[0].message}` : online,
    };
    if (warnings.length)
      advice =
        'Publié. Les pages citées dépassent le premier aller-retour : elles s’affichent un peu moins vite sur téléphone ; raccourcir leur texte les accélère.';
  }
  return { status, advice };
}

/**
 * The job summary, in Markdown: the status, the address, the advice, then every content error, every
 * page over budget and every step.
 * @param {BuildResult} result
 * @param {ReturnType<typeof verdict>} verdict
 * @param {CopyBudget[]} overBudget the pages over their ceiling, then those over their warning
 */
function summary({ steps, contentErrors = [], url }, { status, advice }, overBudget) {
  const lines = [
    `## ${STATUS_CONTEXT} : ${summaryTitle(status.state)}`,
    '',
    `**${status.description}**`,
  ];
  if (url && status.state === 'success') lines.push('', `Adresse : ${url}`);
  if (advice) lines.push('', advice);
  if (contentErrors.length)
    lines.push(
      '',
      `### Erreurs de contenu (${contentErrors.length})`,
      '',
      ...contentErrors.map((line) => `- ${line}`),
    );
  if (overBudget.length)
    lines.push(
      '',
      '### Poids des pages',
      '',
      ...overBudget.map(
        (budget) =>
          `- ${budget.level === 'ceiling' ? 'Refusée' : 'Avertissement'} — ${budget.message}`,
      ),
    );
  if (steps.length)
    lines.push(
      '',
      '### Étapes',
      '',
      '| Étape | Résultat |',
      '|---|---|',
      ...steps.map((step) => `| ${STEPS[step.id]} | ${OUTCOMES[step.outcome]} |`),
    );
  return `${lines.join('\n')}\n`;
}

/**
 * The French status and job summary of a build.
 * @param {BuildResult} result
 * @returns {PublishStatus}
 * @example publishStatus({ steps: [], done: false }).description === 'Construction…'
 */
export function publishStatus(result) {
  const budgets = result.budgets ?? [];
  const ceilings = budgets.filter((budget) => budget.level === 'ceiling');
  const warnings = budgets.filter((budget) => budget.level === 'warning');
  const found = verdict(result, ceilings, warnings);
  return {
    state: found.status.state,
    description: shorten(found.status.description),
    summary: summary(result, found, [...ceilings, ...warnings]),
  };
}

const OUTCOMES = {
  success: 'réussie',
  failure: '**échec**',
  cancelled: 'interrompue',
  skipped: 'non lancée',
};

/** @param {PublishStatus['state']} state */
const summaryTitle = (state) =>
  ({ pending: 'construction…', success: 'en ligne', failure: 'échec', error: 'interrompue' })[
    state
  ];
