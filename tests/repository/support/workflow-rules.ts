// The rules the CI workflow must keep, as functions returning what breaks them (empty: kept), so the
// tests can run them on the real workflow and on mutated copies (proof that they can fail).
// Issue 52 point 7 (production secrets out of reach of any code a branch brings) and issue 53 point 6
// (a copywriter's draft always reaches its preview).
import {
  jobConditionHolds,
  type Job,
  type SimEvent,
  simulate,
  type Workflow,
} from './workflow-events';

/** Secrets a job running a branch's own code may read: the preview's, scoped to its own account. */
const PREVIEW_SECRETS = new Set(['CLOUDFLARE_PREVIEW_API_TOKEN']);

/** A copywriter's draft: a pull request from `cms/<collection>/<slug>` changing only src/content/. */
const DRAFT_PATHS = ['src/content/blog/mon-article.mdx', 'src/content/blog/mon-article/cover.jpg'];
const draft = (action: string, isDraft: boolean): SimEvent => ({
  name: 'pull_request',
  action,
  draft: isDraft,
  branch: 'cms/blog/mon-article',
  base: 'main',
  paths: DRAFT_PATHS,
});

/** Every event a draft produces: opened as a draft, each new commit, reopened, marked ready. */
export const DRAFT_EVENTS: SimEvent[] = [
  draft('opened', true),
  draft('synchronize', true),
  draft('reopened', true),
  draft('ready_for_review', false),
  draft('opened', false),
  draft('synchronize', false),
];

const push = (branch: string, paths = ['src/pages/index.astro']): SimEvent => ({
  name: 'push',
  branch,
  paths,
});

/** Events that must never reach production's secrets, and the one that must. */
export const MAIN_PUSH = push('main');
export const OTHER_EVENTS: SimEvent[] = [
  push('cms/blog/mon-article', DRAFT_PATHS),
  push('feature/main'),
  push('mainline'),
  { ...draft('opened', false), base: 'main', fork: true },
  { ...draft('opened', false), branch: 'main', fork: true },
  { ...draft('synchronize', false), branch: 'fix', paths: ['scripts/deploy.mjs'] },
  {
    name: 'pull_request_target',
    action: 'opened',
    branch: 'x',
    base: 'main',
    fork: true,
    paths: [],
  },
  { name: 'workflow_dispatch', branch: 'feature', paths: [] },
  { name: 'workflow_dispatch', branch: 'main', paths: [] },
];

/** The secrets a job can read: every `secrets.NAME`, or all of them (`secrets: inherit`, `toJSON(secrets)`). */
export function secretsRead(job: unknown): string[] {
  const text = JSON.stringify(job);
  const names = [...text.matchAll(/secrets\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (/"secrets":"inherit"|secrets\[|toJSON\(\s*secrets\s*\)/.test(text)) names.push('*');
  return [...new Set(names)].filter((name) => name !== 'GITHUB_TOKEN');
}

const environmentOf = (job: Job) =>
  typeof job.environment === 'string'
    ? job.environment
    : (job.environment as { name?: string })?.name;

/** Production secrets each job can read when it may run for anything but a push to main. */
export function leaks(workflow: Workflow): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    const production = secretsRead(job).filter((secret) => !PREVIEW_SECRETS.has(secret));
    const mainOnly =
      jobConditionHolds(workflow, name, MAIN_PUSH) &&
      OTHER_EVENTS.every((event) => !jobConditionHolds(workflow, name, event));
    if (production.length && !(mainOnly && environmentOf(job) === 'production'))
      found[name] = production;
  }
  return found;
}

/** What builds or tests the site (runs the content's code) in a step's command. */
const BUILDS = /astro build|npm run build|npm (run )?test|npm run deploy(?![^\n]*--prebuilt)/;

/**
 * Production's build runs where no secret is: a job reading production secrets runs no build and
 * deploys the dist/ of a job that reads none, handed over as an artifact.
 */
export function buildProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  const jobs = Object.entries(workflow.jobs);
  const secretJobs = jobs.filter(([, job]) =>
    secretsRead(job).some((s) => !PREVIEW_SECRETS.has(s)),
  );
  for (const [name, job] of secretJobs) {
    const steps = job.steps ?? [];
    for (const step of steps)
      if (BUILDS.test(step.run ?? '')) problems.push(`${name} builds: ${step.run}`);
    const download = steps.find((s) => s.uses?.startsWith('actions/download-artifact@'));
    const builder = jobs.find(([, other]) =>
      (other.steps ?? []).some(
        (s) =>
          s.uses?.startsWith('actions/upload-artifact@') &&
          s.with?.name === download?.with?.name &&
          /^dist\/?$/.test(String(s.with?.path)),
      ),
    );
    if (!download || download.with?.path !== 'dist')
      problems.push(`${name} does not download the built site into dist`);
    else if (!builder) problems.push(`${name}: no job uploads dist/ as "${download.with?.name}"`);
    else {
      const [builderName, builderJob] = builder;
      if (secretsRead(builderJob).length) problems.push(`${builderName} reads a secret`);
      if (![job.needs].flat().includes(builderName))
        problems.push(`${name} does not need ${builderName}`);
      const runs = (builderJob.steps ?? []).map((s) => s.run ?? '');
      if (!runs.some((r) => /npm run deploy -- --build-only/.test(r)))
        problems.push(`${builderName} does not build with npm run deploy -- --build-only`);
    }
  }
  return problems;
}

/** Where a draft's event would skip the checks, the full suite, the preview or the final status. */
export function draftProblems(workflow: Workflow): string[] {
  const problems: string[] = [];
  for (const event of DRAFT_EVENTS) {
    const what = `${event.action}${event.draft ? ' (draft)' : ''}`;
    const run = simulate(workflow, event);
    if (!run.triggered) {
      problems.push(`${what}: the workflow does not start`);
      continue;
    }
    for (const job of ['checks', 'tests', 'status'])
      if (!run.jobs[job]) problems.push(`${what}: job ${job} is skipped`);
    for (const step of ['install', 'content', 'build', 'pages', 'preview', 'report'])
      if (!run.steps.checks?.[step]) problems.push(`${what}: step checks.${step} is skipped`);
    for (const job of ['build', 'deploy'])
      if (run.jobs[job]) problems.push(`${what}: job ${job} (production) runs`);
  }
  return problems;
}
