// What a copywriter reads about a build, in French: the commit status the editor shows
// (« Construction… », « Échec : … », « En ligne : <adresse> ») and the job summary listing every
// error. Pure: scripts/publish-status.mjs gathers the inputs in CI and sends the result.
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
 * The French status and job summary of a build.
 * @param {BuildResult} result
 * @returns {PublishStatus}
 * @example publishStatus({ steps: [], done: false }).description === 'Construction…'
 */
export function publishStatus({ steps, done, contentErrors = [], budgets = [], url }) {
  const failed = steps.find((step) => step.outcome === 'failure');
  const cancelled = steps.find((step) => step.outcome === 'cancelled');
  const ceilings = budgets.filter((budget) => budget.level === 'ceiling');
  const warnings = budgets.filter((budget) => budget.level === 'warning');

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
  const description = shorten(status.description);

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
  if (ceilings.length || warnings.length)
    lines.push(
      '',
      '### Poids des pages',
      '',
      ...[...ceilings, ...warnings].map(
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
  return { state: status.state, description, summary: `${lines.join('\n')}\n` };
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

/**
 * The address of a pull request's preview, from the repository variable PREVIEW_URL (`{alias}`
 * standing for the preview's name), or undefined without the variable or an alias.
 * @param {string | undefined} pattern e.g. `https://{alias}-agence-site.exemple.workers.dev`
 * @param {string} alias e.g. `pr-12`
 */
export function previewUrl(pattern, alias) {
  return pattern && alias ? pattern.replaceAll('{alias}', alias) : undefined;
}

/**
 * The request that posts a status to GitHub (REST API « Create a commit status »).
 * @param {{ repository: string, sha: string, token: string, status: PublishStatus, targetUrl?: string, api?: string }} options
 * @returns {{ url: string, init: RequestInit }}
 */
export function statusRequest({
  repository,
  sha,
  token,
  status,
  targetUrl,
  api = 'https://api.github.com',
}) {
  return {
    url: `${api}/repos/${repository}/statuses/${sha}`,
    init: {
      method: 'POST',
      headers: {
        Accept: 'application/vnd.github+json',
        Authorization: `Bearer ${token}`,
        'X-GitHub-Api-Version': '2022-11-28',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        state: status.state,
        description: status.description,
        context: STATUS_CONTEXT,
        ...(targetUrl ? { target_url: targetUrl } : {}),
      }),
    },
  };
}

/**
 * The build's result as CI knows it: the outcome of each step or job (the `steps` or `needs`
 * context as JSON, keyed by the ids of {@link STEPS}; others are left out), whether all has run,
 * and the reports the checks wrote (content errors, copy budgets), read by `read` when present.
 * @param {Record<string, string | undefined>} env
 *   PUBLISH_STEPS, PUBLISH_DONE (`true`), PUBLISH_URL (the live site) or PREVIEW_URL and
 *   PREVIEW_ALIAS (a pull request's preview), CONTENT_ERROR_REPORT, COPY_BUDGET_REPORT (a file) or
 *   COPY_BUDGETS (its pages over budget as JSON, handed from one CI job to the next)
 * @param {(file: string) => string | undefined} read a file's text, or undefined if absent
 * @returns {BuildResult}
 */
export function buildResultFrom(env, read) {
  /** @type {Record<string, { outcome?: Outcome, result?: Outcome }>} */
  const ran = JSON.parse(env.PUBLISH_STEPS || '{}');
  const steps = /** @type {Step[]} */ (
    Object.keys(STEPS)
      .filter((id) => ran[id])
      .map((id) => ({ id, outcome: ran[id].outcome ?? ran[id].result }))
  );
  const json = (/** @type {string | undefined} */ file) => {
    const text = file ? read(file) : undefined;
    return text ? JSON.parse(text) : undefined;
  };
  return {
    steps,
    done: env.PUBLISH_DONE === 'true',
    contentErrors: json(env.CONTENT_ERROR_REPORT) ?? [],
    budgets: json(env.COPY_BUDGET_REPORT) ?? JSON.parse(env.COPY_BUDGETS || '[]'),
    url: env.PUBLISH_URL || previewUrl(env.PREVIEW_URL, env.PREVIEW_ALIAS ?? ''),
  };
}
