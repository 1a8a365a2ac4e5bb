// Production secrets are out of reach of a push: a job of .github/workflows that can run a branch's
// or a pull request's own code reads no secret but the preview's, a job that reads production
// secrets runs only for a push to main, in the GitHub environment `production`, and runs none of the
// content's code (it deploys the dist/ a secret-free job built). Conditions are evaluated, not
// matched as text (tests/repository/support/workflow-expressions.ts). Why: docs/deploying.md, « Secrets ».
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { WORKFLOWS_DIR } from '../../scripts/lib/workflow-lint.mjs';
import type { Workflow } from './support/workflow-events';
import { buildProblems, leaks } from './support/workflow-rules';

const workflows = readdirSync(WORKFLOWS_DIR)
  .filter((file) => /\.ya?ml$/.test(file))
  .map((file) => [file, parse(readFileSync(join(WORKFLOWS_DIR, file), 'utf8'))] as const);

const ci = () => parse(readFileSync(join(WORKFLOWS_DIR, 'ci.yml'), 'utf8')) as Workflow;
const MAIN = "github.event_name == 'push' && github.ref == 'refs/heads/main'";
const secret = (name: string) => [{ env: { K: `\${{ secrets.${name} }}` } }];

describe('workflow secrets', () => {
  it.each(workflows)('%s: no job running branch code can read a production secret', (_, flow) => {
    expect(leaks(flow)).toEqual({});
  });

  it.each(workflows)('%s: production’s build runs in a job without secrets', (_, flow) => {
    expect(buildProblems(flow)).toEqual([]);
  });

  it('catches a preview with the production token, or secrets: inherit', () => {
    const preview = {
      if: "github.event_name == 'pull_request'",
      steps: secret('CLOUDFLARE_API_TOKEN'),
    };
    const unguarded = { environment: 'production', steps: secret('RESEND_API_KEY') };
    const inherit = { uses: './.github/workflows/x.yml', secrets: 'inherit' };
    const previewOk = { steps: secret('CLOUDFLARE_PREVIEW_API_TOKEN') };
    const flow = { on: 'push', jobs: { preview, unguarded, inherit, previewOk } };
    expect(leaks(flow)).toEqual({
      preview: ['CLOUDFLARE_API_TOKEN'],
      unguarded: ['RESEND_API_KEY'],
      inherit: ['*'],
    });
  });

  it('reads the condition’s meaning: negated or regrouped conditions fail', () => {
    const job = (condition: string) => ({
      on: 'push',
      jobs: {
        deploy: { if: condition, environment: 'production', steps: secret('RESEND_API_KEY') },
      },
    });
    expect(leaks(job(MAIN))).toEqual({});
    expect(
      leaks(job(`\${{ github.ref == 'refs/heads/main' && 'push' == github.event_name }}`)),
    ).toEqual({});
    for (const wrong of [
      `!(${MAIN})`,
      `${MAIN} || true`,
      "github.event_name == 'push' || github.ref == 'refs/heads/main'",
      "github.ref == 'refs/heads/main' || github.event_name == 'push' && false",
      "github.event_name != 'pull_request' && github.ref == 'refs/heads/main'",
      "github.event_name == 'push' && startsWith(github.ref, 'refs/heads/main')",
      "github.event_name == 'push' && github.ref != 'refs/heads/develop'",
    ])
      expect(leaks(job(wrong)), wrong).toEqual({ deploy: ['RESEND_API_KEY'] });
  });

  it('catches the deploy job building, or a build job holding a secret', () => {
    const building = ci();
    const deploySteps = building.jobs.deploy.steps!;
    const step = deploySteps.find((s) => /npm run deploy/.test(s.run ?? ''))!;
    step.run = 'npm run deploy';
    expect(buildProblems(building)).toContain('deploy builds: npm run deploy');
    const secretBuild = ci();
    secretBuild.jobs.build.steps!.at(-2)!.env!.RESEND_API_KEY = '${{ secrets.RESEND_API_KEY }}';
    expect(buildProblems(secretBuild)).toContain('build reads a secret');
    const noArtifact = ci();
    noArtifact.jobs.deploy.steps = noArtifact.jobs.deploy.steps!.filter(
      (s) => !s.uses?.includes('download-artifact'),
    );
    expect(buildProblems(noArtifact)).toContain(
      'deploy does not download the built site into dist',
    );
    const unordered = ci();
    unordered.jobs.deploy.needs = ['checks', 'tests'];
    expect(buildProblems(unordered)).toContain('deploy does not need build');
  });
});
