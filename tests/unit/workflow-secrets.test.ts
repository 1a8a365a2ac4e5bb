// Production secrets are out of reach of a push: a job of .github/workflows that can run a branch's
// or a pull request's own code reads no secret but the preview's, and a job that reads production
// secrets runs only for a push to main, in the GitHub environment `production`.
// Why: docs/deploying.md, « Secrets ».
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { WORKFLOWS_DIR } from '../../scripts/lib/workflow-lint.mjs';

/** Secrets a job running a branch's own code may read: the preview's, scoped to its own account. */
const PREVIEW_SECRETS = new Set(['CLOUDFLARE_PREVIEW_API_TOKEN']);

type Job = { if?: string; environment?: string | { name?: string }; [key: string]: unknown };

/** The secrets a job can read: every `secrets.NAME`, or all of them (`secrets: inherit`, `toJSON(secrets)`). */
function secretsRead(job: unknown): string[] {
  const text = JSON.stringify(job);
  const names = [...text.matchAll(/secrets\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]);
  if (/"secrets":"inherit"|secrets\[|toJSON\(\s*secrets\s*\)/.test(text)) names.push('*');
  return [...new Set(names)].filter((name) => name !== 'GITHUB_TOKEN');
}

/** True when the job runs only for a push to main (its `if` requires both). */
function mainPushOnly(job: Job): boolean {
  const condition = job.if ?? '';
  return (
    /github\.event_name\s*==\s*'push'/.test(condition) &&
    /github\.ref\s*==\s*'refs\/heads\/main'/.test(condition) &&
    !/\|\|/.test(condition)
  );
}

/** Production secrets a job that may run a branch's own code can read, by job. */
function leaks(workflow: { jobs?: Record<string, Job> }): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
    const environment =
      typeof job.environment === 'string' ? job.environment : job.environment?.name;
    const production = secretsRead(job).filter((secret) => !PREVIEW_SECRETS.has(secret));
    if (production.length && !(mainPushOnly(job) && environment === 'production'))
      found[name] = production;
  }
  return found;
}

const workflows = readdirSync(WORKFLOWS_DIR)
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => [file, parse(readFileSync(join(WORKFLOWS_DIR, file), 'utf8'))] as const);

describe('workflow secrets', () => {
  it.each(workflows)('%s: no job running branch code can read a production secret', (_, flow) => {
    expect(leaks(flow)).toEqual({});
  });

  it('the check catches a preview with the production token, or secrets: inherit', () => {
    const preview = {
      if: "github.event_name == 'pull_request'",
      steps: [{ env: { T: '${{ secrets.CLOUDFLARE_API_TOKEN }}' } }],
    };
    const unguarded = {
      environment: 'production',
      steps: [{ env: { K: '${{ secrets.RESEND_API_KEY }}' } }],
    };
    const either = {
      if: "github.event_name == 'push' && github.ref == 'refs/heads/main' || true",
      environment: 'production',
      steps: [{ env: { K: '${{ secrets.RESEND_API_KEY }}' } }],
    };
    const inherit = { uses: './.github/workflows/x.yml', secrets: 'inherit' };
    expect(leaks({ jobs: { preview, unguarded, either, inherit } })).toEqual({
      preview: ['CLOUDFLARE_API_TOKEN'],
      unguarded: ['RESEND_API_KEY'],
      either: ['RESEND_API_KEY'],
      inherit: ['*'],
    });
    const deploy = {
      ...either,
      if: "github.event_name == 'push' && github.ref == 'refs/heads/main'",
    };
    const previewOk = { steps: [{ env: { T: '${{ secrets.CLOUDFLARE_PREVIEW_API_TOKEN }}' } }] };
    expect(leaks({ jobs: { deploy, previewOk } })).toEqual({});
  });
});
