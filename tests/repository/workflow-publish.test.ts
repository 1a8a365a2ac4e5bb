// The workflow's side of a copywriter's publishing (issue 44): the branch the editor opens its pull
// request from starts the preview, the status the workflow posts is the one the editor waits for, on
// the commit the editor looks at, and the workflow asks no more of GitHub than that.
// Facts about Sveltia CMS 0.221.1 (its dist, `kY` and `AY()`): a pull request's branch is
// `cms/<collection>/<slug>`, based on the configured branch (ours: main).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PREVIEW_STATUS_CONTEXT } from '../../src/cms/config';
import { STATUS_CONTEXT } from '../../scripts/lib/publish-status.mjs';

type Step = { id?: string; name?: string; if?: string; run?: string; env?: Record<string, string> };
type Job = { if?: string; permissions?: Record<string, string>; steps: Step[] };
type Filter = { branches?: string[]; 'branches-ignore'?: string[]; paths?: string[] } | null;
type Workflow = {
  on: { pull_request?: Filter; push?: Filter };
  env: Record<string, string>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};

const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as Workflow;
const postsStatus = (job: Job) =>
  job.steps.some(({ run }) => /publish-status\.mjs/.test(run ?? ''));

describe('CI workflow, for the editor’s pull requests', () => {
  it('a pull request from cms/… into main starts the checks and the preview', () => {
    const trigger = workflow.on.pull_request;
    expect(workflow.on).toHaveProperty('pull_request');
    // A pull_request filter names the base branch; none may leave main out or filter on paths.
    expect(trigger?.branches ?? ['main']).toContain('main');
    expect(trigger?.['branches-ignore'] ?? []).not.toContain('main');
    expect(trigger?.paths).toBeUndefined();
    const { checks } = workflow.jobs;
    const preview = checks.steps.find(({ id }) => id === 'preview')!;
    // Nothing on the way to the preview looks at the head branch's name.
    for (const condition of [checks.if, preview.if, workflow.env.POST_STATUS])
      expect(condition ?? '').not.toMatch(/head_ref|head\.ref/);
    expect(preview.if).toMatch(/github\.event_name == 'pull_request'/);
    expect(workflow.env.POST_STATUS).toMatch(
      /github\.event\.pull_request\.head\.repo\.full_name == github\.repository/,
    );
  });

  it('posts its status as the editor’s preview_context, on the PR’s head commit', () => {
    expect(STATUS_CONTEXT).toBe(PREVIEW_STATUS_CONTEXT);
    expect(workflow.env.PUBLISH_SHA).toBe(
      '${{ github.event.pull_request.head.sha || github.sha }}',
    );
    const report = workflow.jobs.checks.steps.find(({ id }) => id === 'report')!;
    expect(report.run).toBe('node scripts/publish-status.mjs');
    expect(report.env?.PUBLISH_SHA).toBeUndefined();
  });

  it('asks the least: contents read; statuses write only where it posts one', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [name, job] of Object.entries(workflow.jobs)) {
      const asked = job.permissions ?? workflow.permissions;
      const needed = postsStatus(job)
        ? { contents: 'read', statuses: 'write' }
        : { contents: 'read' };
      expect(asked, name).toEqual(needed);
    }
  });
});
