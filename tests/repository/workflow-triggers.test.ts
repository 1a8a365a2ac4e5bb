// Issue 53 point 6: a copywriter's draft (a pull request from `cms/…` changing only src/content/)
// runs the checks, the full suite, its preview and the final status on every event it produces;
// main's push builds without secrets, then deploys. Triggers (`on:` types, branches, paths) and
// conditions (`if:`) are simulated as GitHub decides them (tests/repository/support/workflow-events.ts);
// each rule is also run on a mutated workflow to show it fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { matchesList, simulate, type Workflow } from './support/workflow-events';
import { evaluate, parse as parseExpression } from './support/workflow-expressions';
import {
  DRAFT_EVENTS,
  draftProblems,
  leaks,
  MAIN_PUSH,
  OTHER_EVENTS,
} from './support/workflow-rules';

const ci = () => parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as Workflow;
type On = Record<string, Record<string, unknown> | null>;
const on = (flow: Workflow) => flow.on as On;

describe('CI triggers and conditions for a copywriter’s draft', () => {
  it('every event of a draft runs checks, tests, preview and status', () => {
    expect(DRAFT_EVENTS.map((e) => e.action)).toEqual(
      expect.arrayContaining(['opened', 'synchronize', 'reopened', 'ready_for_review']),
    );
    expect(draftProblems(ci())).toEqual([]);
  });

  it('main’s push builds, then deploys; nothing else reaches production', () => {
    const main = simulate(ci(), MAIN_PUSH);
    expect(main.jobs).toEqual({
      checks: true,
      tests: true,
      build: true,
      deploy: true,
      status: true,
    });
    expect(main.steps.checks.preview).toBe(false);
    for (const event of OTHER_EVENTS) {
      const run = simulate(ci(), event);
      expect([run.jobs.build, run.jobs.deploy], `${event.name} ${event.branch}`).toEqual([
        false,
        false,
      ]);
    }
  });

  it('a fork’s pull request is checked, without preview or status', () => {
    const run = simulate(ci(), { ...DRAFT_EVENTS[0], fork: true });
    expect(run.triggered).toBe(true);
    expect(run.jobs.checks && run.jobs.tests).toBe(true);
    expect(run.steps.checks.preview).toBe(false);
    expect(run.jobs.status).toBe(false);
  });
});

describe('the rules fail on a broken workflow (their teeth)', () => {
  const mutations: Array<[string, (flow: Workflow) => void]> = [
    ['drop the pull_request trigger', (f) => delete on(f).pull_request],
    ['leave ready_for_review out', (f) => (on(f).pull_request!.types = ['opened', 'synchronize'])],
    ['only default types', (f) => (on(f).pull_request = null)],
    ['paths leave content out', (f) => (on(f).pull_request!.paths = ['src/**', '!src/content/**'])],
    ['paths-ignore content', (f) => (on(f).pull_request!['paths-ignore'] = ['src/content/**'])],
    ['another base branch', (f) => (on(f).pull_request!.branches = ['release/*'])],
    ['ignore main as base', (f) => (on(f).pull_request!['branches-ignore'] = ['ma*'])],
    ['skip drafts', (f) => (f.jobs.checks.if = 'github.event.pull_request.draft == false')],
    ['skip cms branches', (f) => (f.jobs.checks.if = "!startsWith(github.head_ref, 'cms/')")],
    [
      'negate the preview',
      (f) => {
        const preview = f.jobs.checks.steps!.find((s) => s.id === 'preview')!;
        preview.if = `!(${preview.if})`;
      },
    ],
    [
      'regroup POST_STATUS',
      (f) =>
        (f.env!.POST_STATUS =
          "${{ github.event_name == 'push' && (github.ref == 'refs/heads/main' || github.event.pull_request.head.repo.full_name == github.repository) }}"),
    ],
    ['status needs the deploy to succeed', (f) => (f.jobs.status.if = 'success()')],
  ];

  it.each(mutations)('draft rule fails: %s', (_, mutate) => {
    const flow = ci();
    mutate(flow);
    expect(draftProblems(flow)).not.toEqual([]);
  });

  it.each([
    ['negate', (c: string) => `!(${c})`],
    ['reorder into an or', (c: string) => c.replace('&&', '||')],
    ['drop the branch', () => "github.event_name == 'push'"],
  ])('secret rule fails when the deploy condition is changed: %s', (_, change) => {
    const flow = ci();
    flow.jobs.deploy.if = change(flow.jobs.deploy.if!);
    expect(leaks(flow)).toHaveProperty('deploy');
  });
});

describe('the simulator reads filters and expressions as GitHub does', () => {
  it('matches filter patterns with *, ** and ! (the last match decides)', () => {
    expect(matchesList(['src/**'], 'src/content/blog/a.mdx')).toBe(true);
    expect(matchesList(['src/*'], 'src/content/a.mdx')).toBe(false);
    expect(matchesList(['**', '!src/content/**'], 'src/content/a.mdx')).toBe(false);
    expect(matchesList(['cms/**', '!cms/x', 'cms/x'], 'cms/x')).toBe(true);
    expect(matchesList(['*.md'], 'README.md')).toBe(true);
  });

  it('evaluates precedence, negation, loose equality and missing properties', () => {
    const ev = (text: string, context = {}) => evaluate(parseExpression(text), context);
    expect(ev('true || false && false')).toBe(true);
    expect(ev('(true || false) && false')).toBe(false);
    expect(ev('!true == false')).toBe(true);
    expect(ev("'Push' == 'push'")).toBe(true);
    expect(ev('github.event.pull_request.number == 12', { github: { event: {} } })).toBe(false);
    expect(ev('github.event.pull_request.head.repo', { github: {} })).toBe(null);
    expect(ev("format('pr-{0}', 12)")).toBe('pr-12');
    expect(ev("'' || 'x'")).toBe('x');
  });
});
