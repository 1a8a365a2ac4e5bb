/**
 * What CI does for a pull request the editor opens, as .github/workflows/ci.yml does it, against the
 * GitHub stand-in (cms-publish.spec.ts): the commit it names, the « Publication » status
 * scripts/publish-status.mjs posts there, and the preview: the branch built, served at its address.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { astroIn, scratchProject } from '../../build/scratch';
import { fileOn, type PullRequest, type Repository } from './github-stand-in/repository';
import type { StandIn } from './github-stand-in/server';

const execute = promisify(execFile);

/**
 * The commit CI posts its status on, as .github/workflows/ci.yml names it (PUBLISH_SHA, an
 * expression `a || b` of the run's context) for a pull_request run of `pull`.
 */
function workflowSha(repository: Repository, pull: PullRequest): string {
  const workflow = parse(readFileSync('.github/workflows/ci.yml', 'utf8')) as {
    env: Record<string, string>;
  };
  const github = {
    sha: repository.testMerge(pull).sha,
    event: { pull_request: { head: { sha: repository.branches.get(pull.head) } } },
  };
  const expression = /^\$\{\{(.*)\}\}$/.exec(workflow.env.PUBLISH_SHA.trim())![1];
  const value = expression
    .split('||')
    .map((name) =>
      name
        .trim()
        .split('.')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)?.[key], { github }),
    )
    .find(Boolean);
  expect(value, `PUBLISH_SHA: ${workflow.env.PUBLISH_SHA}`).toEqual(expect.any(String));
  return value as string;
}

/**
 * What CI does for a pull request once its preview is up: scripts/publish-status.mjs, as the
 * workflow's « Status and summary » step runs it, on the commit the workflow names; the preview's
 * address is `previewUrl` with the pull request's alias.
 */
export async function postPublicationStatus(
  standIn: StandIn,
  pull: PullRequest,
  previewUrl: string,
) {
  const { owner, name } = standIn.repository;
  const steps = ['install', 'content', 'build', 'pages', 'preview'].map((id) => [
    id,
    { outcome: 'success' },
  ]);
  const { stdout } = await execute(process.execPath, ['scripts/publish-status.mjs'], {
    env: {
      PATH: process.env.PATH,
      GITHUB_API_URL: `${standIn.url}/api/v3`,
      GITHUB_TOKEN: 'github_token_ci',
      GITHUB_REPOSITORY: `${owner}/${name}`,
      PUBLISH_SHA: workflowSha(standIn.repository, pull),
      PUBLISH_STEPS: JSON.stringify(Object.fromEntries(steps)),
      PUBLISH_DONE: 'true',
      PREVIEW_URL: previewUrl,
      PREVIEW_ALIAS: `pr-${pull.number}`,
    },
  });
  return stdout;
}

/**
 * Builds a pull request's branch as CI's preview does: a scratch copy of the project whose
 * src/content is the branch's; `astro build`, which runs every content check. Returns its dist/;
 * the scratch copy's folder is added to `scratches`, for the caller to remove.
 */
export async function buildBranch(
  repository: Repository,
  branch: string,
  scratches: string[],
): Promise<string> {
  const scratch = scratchProject('cms-publish');
  scratches.push(scratch);
  const tree = repository.commits.get(repository.branches.get(branch)!)!.tree;
  rmSync(join(scratch, 'src/content'), { recursive: true });
  for (const path of Object.keys(tree)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), fileOn(repository, branch, path)!);
  }
  const { code, output } = await astroIn(scratch, 'build');
  expect(code, output).toBe(0);
  return join(scratch, 'dist');
}

/** Serves the preview address from a build, as the host serves it (`/blog/x` is blog/x.html). */
export async function servePreview(page: Page, origin: string, dist: string) {
  await page.context().route(`${origin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname.replace(/\/$/, '') || '/index';
    const file = [`${path}.html`, `${path}/index.html`]
      .map((candidate) => join(dist, candidate))
      .find((candidate) => existsSync(candidate));
    return file ? route.fulfill({ path: file }) : route.fulfill({ status: 404, body: 'Not Found' });
  });
}
