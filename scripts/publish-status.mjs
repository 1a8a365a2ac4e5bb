// CI: tells the copywriter, in French, where a build stands. Computes the commit status and the job
// summary from the build's result (scripts/lib/publish-status.mjs; the result and the request:
// scripts/lib/publish-status-ci.mjs), appends the summary to GITHUB_STEP_SUMMARY and posts the
// status on the commit (GitHub REST API, context « Publication »).
// Reads: PUBLISH_STEPS (the `steps` or `needs` context as JSON), PUBLISH_DONE, PUBLISH_URL or
// PREVIEW_URL and PREVIEW_ALIAS, CONTENT_ERROR_REPORT, COPY_BUDGET_REPORT or COPY_BUDGETS; GITHUB_TOKEN,
// GITHUB_REPOSITORY, PUBLISH_SHA (the commit), GITHUB_SERVER_URL and GITHUB_RUN_ID (the run's page,
// linked from a status that is not « En ligne »), GITHUB_API_URL (the REST API's root, which Actions
// sets; default https://api.github.com; the tests' GitHub stand-in in tests/e2e/cms-publish.spec.ts).
// Writes the pages over budget to GITHUB_OUTPUT (`copy-budgets`). `--dry-run` prints the status and
// the summary without sending anything.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { publishStatus } from './lib/publish-status.mjs';
import { buildResultFrom, statusRequest } from './lib/publish-status-ci.mjs';

const env = process.env;
const result = buildResultFrom(env, (file) =>
  existsSync(file) ? readFileSync(file, 'utf8') : undefined,
);
const status = publishStatus(result);
console.log(`${status.state}: ${status.description}`);

if (process.argv.includes('--dry-run')) {
  console.log(`\n${status.summary}`);
  process.exit(0);
}

if (env.GITHUB_STEP_SUMMARY) appendFileSync(env.GITHUB_STEP_SUMMARY, status.summary);
// The pages over budget, for the job that reports last (its status keeps the warning).
if (env.GITHUB_OUTPUT)
  appendFileSync(
    env.GITHUB_OUTPUT,
    `copy-budgets=${JSON.stringify((result.budgets ?? []).filter(({ level }) => level !== 'ok'))}\n`,
  );

const missing = ['GITHUB_TOKEN', 'GITHUB_REPOSITORY', 'PUBLISH_SHA'].filter((name) => !env[name]);
if (missing.length) {
  console.error(`✗ Cannot post the commit status: ${missing.join(', ')} not set.`);
  process.exit(1);
}
const runUrl =
  env.GITHUB_SERVER_URL && env.GITHUB_RUN_ID
    ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
    : undefined;
const { url, init } = statusRequest({
  repository: String(env.GITHUB_REPOSITORY),
  sha: String(env.PUBLISH_SHA),
  token: String(env.GITHUB_TOKEN),
  status,
  targetUrl: status.state === 'success' ? (result.url ?? runUrl) : runUrl,
  api: env.GITHUB_API_URL || undefined,
});
const response = await fetch(url, init).catch((error) => error);
if (!(response instanceof Response) || !response.ok) {
  const reason =
    response instanceof Response
      ? `${response.status} ${await response.text()}`
      : String(response.message);
  console.error(`✗ GitHub refused the commit status (${url}): ${reason}`);
  process.exit(1);
}
