// Runs a workflow's triggers and conditions against simulated events, as GitHub would decide them:
// does the event start the workflow (`on:` with its types, branches and paths filters), which jobs
// run (`if:`, `needs:`, the implicit `success()`), which steps. Filters: docs.github.com, « Workflow
// syntax » (on.<event>.types / branches / branches-ignore / paths / paths-ignore, the filter pattern
// cheat sheet: `*`, `**`, `?`, `+`, `[]`, `!` to exclude again; the last matching pattern decides).
import {
  type Context,
  evaluate,
  ifExpression,
  interpolate,
  parse,
  usesStatus,
} from './workflow-expressions';

export const REPOSITORY = 'agence/site';

export type SimEvent = {
  name: 'push' | 'pull_request' | 'pull_request_target' | 'workflow_dispatch';
  /** push: the pushed branch; pull_request: the head branch */
  branch: string;
  /** pull_request: the base branch and its activity type */
  base?: string;
  action?: string;
  draft?: boolean;
  fork?: boolean;
  /** the files the push or pull request changes */
  paths: string[];
};

type Filter = Record<string, string[] | undefined> | null;
type Step = {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
};
export type Job = {
  if?: string;
  needs?: string | string[];
  env?: Record<string, string>;
  steps?: Step[];
  [key: string]: unknown;
};
export type Workflow = { on: unknown; env?: Record<string, string>; jobs: Record<string, Job> };

const PULL_REQUEST_DEFAULT_TYPES = ['opened', 'synchronize', 'reopened'];

/** A filter pattern as a regular expression (`**` any path, `*` no slash, `?` `+` `[]` as in regex). */
function patternRegex(pattern: string): RegExp {
  const body = pattern
    .replace(/[.^${}()|\\]/g, '\\$&')
    .replace(/\*\*\/?|\*/g, (star) => (star === '*' ? '[^/]*' : '.*'));
  return new RegExp(`^${body}$`);
}

/** Whether `value` passes a list of patterns, `!` excluding again (the last match decides). */
export function matchesList(patterns: string[], value: string): boolean {
  let matched = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    if (patternRegex(negated ? pattern.slice(1) : pattern).test(value)) matched = !negated;
  }
  return matched;
}

/** The `on:` of a workflow as `{ event: filter }`, whatever its form (string, list, map). */
function triggersOf(workflow: Workflow): Record<string, Filter> {
  const on = workflow.on;
  if (typeof on === 'string') return { [on]: null };
  if (Array.isArray(on)) return Object.fromEntries(on.map((name) => [name, null]));
  return (on ?? {}) as Record<string, Filter>;
}

/** Whether `event` starts the workflow. */
export function triggers(workflow: Workflow, event: SimEvent): boolean {
  const on = triggersOf(workflow);
  if (!(event.name in on)) return false;
  const filter = on[event.name] ?? {};
  const pr = event.name.startsWith('pull_request');
  const types = filter.types ?? (pr ? PULL_REQUEST_DEFAULT_TYPES : undefined);
  if (types && event.action && !types.includes(event.action)) return false;
  const branch = pr ? (event.base ?? 'main') : event.branch;
  const hasBranchFilter = filter.branches || filter['branches-ignore'];
  if (!hasBranchFilter && event.name === 'push' && (filter.tags || filter['tags-ignore']))
    return false;
  if (filter.branches && !matchesList(filter.branches, branch)) return false;
  if (filter['branches-ignore'] && matchesList(filter['branches-ignore'], branch)) return false;
  if (filter.paths && !event.paths.some((path) => matchesList(filter.paths!, path))) return false;
  const ignored = filter['paths-ignore'];
  if (ignored && event.paths.every((path) => matchesList(ignored, path))) return false;
  return true;
}

/** The `github` context of an event (the fields the workflow's expressions read). */
export function githubContext(event: SimEvent): Context {
  const common = { repository: REPOSITORY, event_name: event.name, sha: 'c0ffee' };
  if (!event.name.startsWith('pull_request')) {
    const ref = `refs/heads/${event.branch}`;
    return { ...common, ref, ref_name: event.branch, head_ref: '', base_ref: '', event: { ref } };
  }
  const pullRequest = {
    number: 12,
    draft: event.draft ?? false,
    head: {
      ref: event.branch,
      sha: 'feed',
      repo: { full_name: event.fork ? 'someone/site' : REPOSITORY },
    },
    base: { ref: event.base ?? 'main', repo: { full_name: REPOSITORY } },
  };
  return {
    ...common,
    ref: 'refs/pull/12/merge',
    ref_name: '12/merge',
    head_ref: event.branch,
    base_ref: event.base ?? 'main',
    event: { action: event.action ?? 'opened', number: 12, pull_request: pullRequest },
  };
}

/** Whether an `if:` holds (absent: `success()`), with the status functions of `statuses`. */
function holds(condition: string | undefined, context: Context, succeeded: boolean): boolean {
  const tree = parse(ifExpression(condition ?? 'success()'));
  const status = {
    success: () => succeeded,
    failure: () => !succeeded,
    always: () => true,
    cancelled: () => false,
  };
  const value = evaluate(tree, context, status);
  return Boolean(usesStatus(tree) ? value : succeeded && value);
}

const needsOf = (job: Job) => (job.needs === undefined ? [] : [job.needs].flat());

export type Run = {
  triggered: boolean;
  jobs: Record<string, boolean>;
  steps: Record<string, Record<string, boolean>>;
};

/**
 * What runs for `event`, every job that runs succeeding: whether the workflow starts, each job
 * (by name) and each step with an `id` or `name` (by it) of the jobs that run.
 */
export function simulate(workflow: Workflow, event: SimEvent): Run {
  const github = githubContext(event);
  const base: Context = { github, vars: {}, inputs: {} };
  const env = Object.fromEntries(
    Object.entries(workflow.env ?? {}).map(([name, text]) => [
      name,
      interpolate(String(text), base),
    ]),
  );
  const run: Run = { triggered: triggers(workflow, event), jobs: {}, steps: {} };
  const decide = (name: string): boolean => {
    if (name in run.jobs) return run.jobs[name];
    const job = workflow.jobs[name];
    const needs = needsOf(job);
    const results = Object.fromEntries(
      needs.map((need) => [need, { result: decide(need) ? 'success' : 'skipped' }]),
    );
    const succeeded = Object.values(results).every((r) => r.result === 'success');
    // A job's `if:` has no `env` context (GitHub refuses it there); its steps' have.
    const context = { ...base, needs: results };
    run.jobs[name] = run.triggered && holds(job.if, context, succeeded);
    if (run.jobs[name]) {
      const stepContext = {
        ...context,
        env: { ...env, ...job.env },
        steps: {},
        job: { status: 'success' },
      };
      run.steps[name] = Object.fromEntries(
        (job.steps ?? [])
          .filter((step) => step.id ?? step.name)
          .map((step) => [step.id ?? step.name!, holds(step.if, stepContext, true)]),
      );
    }
    return run.jobs[name];
  };
  for (const name of Object.keys(workflow.jobs)) decide(name);
  return run;
}

/** Whether a job's own `if:` holds for `event`, its needs all succeeded (the trigger aside). */
export function jobConditionHolds(workflow: Workflow, name: string, event: SimEvent): boolean {
  const job = workflow.jobs[name];
  const needs = Object.fromEntries(needsOf(job).map((need) => [need, { result: 'success' }]));
  return holds(job.if, { github: githubContext(event), vars: {}, inputs: {}, needs }, true);
}
