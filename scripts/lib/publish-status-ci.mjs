// The CI side of the publish status (scripts/lib/publish-status.mjs): the build's result as the
// workflow hands it over, and the GitHub request that posts the status. Pure: scripts/publish-status.mjs
// reads the environment and the files, and sends the request.
import { STATUS_CONTEXT, STEPS } from './publish-status.mjs';

/**
 * @typedef {import('./publish-status.mjs').BuildResult} BuildResult
 * @typedef {import('./publish-status.mjs').Outcome} Outcome
 * @typedef {import('./publish-status.mjs').PublishStatus} PublishStatus
 * @typedef {import('./publish-status.mjs').Step} Step
 */

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
