import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishStatus } from '../../scripts/lib/publish-status.mjs';
import { statusRequest } from '../../scripts/lib/publish-status-ci.mjs';
import { findRoute } from '../e2e/support/github-stand-in/contract';
import { startGithubStandIn, type StandIn } from '../e2e/support/github-stand-in/server';

const execute = promisify(execFile);

// The stand-in on a free port (0): this file runs beside other unit tests, never on a fixed port.
let standIn: StandIn;
let head: string;
const tokens = {
  'good-token': { valid: true, login: 'redactrice' },
  'revoked-token': { valid: false, login: 'ancienne' },
};
const call = (path: string, init: RequestInit = {}, token = 'good-token') =>
  fetch(`${standIn.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });

beforeAll(async () => {
  standIn = await startGithubStandIn({
    port: 0,
    owner: 'agence',
    name: 'site',
    files: { 'src/content/pages/accueil.yaml': 'title: Accueil\n' },
    tokens,
  });
  head = standIn.repository.branches.get('main')!;
  // GitHub's OpenAPI description (megabytes of JSON) is read on the first REST call: read it here,
  // within this hook's time, so no test's own 5 s pays for it on a loaded machine.
  findRoute('GET', '/user');
}, 60_000);
afterAll(() => standIn?.close());

describe('GitHub stand-in', () => {
  it('rejects a GraphQL document that GitHub’s schema rejects, and records it', async () => {
    const violations = standIn.violations.length;
    const response = await call('/graphql', {
      method: 'POST',
      body: JSON.stringify({ query: '{ viewer { loginName } }' }),
    });
    const { errors } = (await response.json()) as { errors: { message: string }[] };
    expect(errors[0].message).toMatch(/Cannot query field "loginName" on type "User"/);
    expect(standIn.violations.slice(violations)).toHaveLength(1);
  });

  it('answers a valid GraphQL document from its repository', async () => {
    const response = await call('/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: `query { viewer { login } r: repository(owner: "agence", name: "site") {
          defaultBranchRef { target { oid } } } }`,
      }),
    });
    expect(await response.json()).toEqual({
      data: { viewer: { login: 'redactrice' }, r: { defaultBranchRef: { target: { oid: head } } } },
    });
  });

  it('rejects a REST body that GitHub’s OpenAPI description rejects: 422, recorded', async () => {
    const violations = standIn.violations.length;
    const response = await call(`/repos/agence/site/statuses/${head}`, {
      method: 'POST',
      body: JSON.stringify({ state: 'published', context: 'Publication' }),
    });
    expect(response.status).toBe(422);
    expect((await response.json()) as object).toMatchObject({ message: 'Validation Failed' });
    expect(standIn.violations.slice(violations)).toEqual([
      expect.stringMatching(/POST \/repos\/\{owner\}\/\{repo\}\/statuses\/\{sha\}: body rejected/),
    ]);
  });

  it('answers 401 « Bad credentials » to a token GitHub would refuse', async () => {
    const response = await call('/user', {}, 'revoked-token');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Bad credentials' });
  });

  it('takes the « Publication » status our CI script sends, on the commit it names', async () => {
    const violations = standIn.violations.length;
    const status = publishStatus({
      steps: ['install', 'content', 'build', 'pages', 'preview'].map((id) => ({
        id: id as 'build',
        outcome: 'success',
      })),
      done: true,
      url: 'https://pr-1.exemple.workers.dev/',
    });
    const { url, init } = statusRequest({
      repository: 'agence/site',
      sha: head,
      token: 'good-token',
      status,
      targetUrl: 'https://pr-1.exemple.workers.dev/',
      api: standIn.url,
    });
    const response = await fetch(url, init);
    expect(response.status).toBe(201);
    expect(standIn.repository.statuses.get(head)).toEqual([
      expect.objectContaining({
        context: 'Publication',
        target_url: 'https://pr-1.exemple.workers.dev/',
      }),
    ]);
    expect(standIn.violations.slice(violations)).toEqual([]);
  });

  it('takes the status scripts/publish-status.mjs posts, at GITHUB_API_URL', async () => {
    const violations = standIn.violations.length;
    const steps = Object.fromEntries(
      ['install', 'content', 'build', 'pages', 'preview'].map((id) => [id, { outcome: 'success' }]),
    );
    const run = await execute(process.execPath, ['scripts/publish-status.mjs'], {
      env: {
        PATH: process.env.PATH,
        GITHUB_API_URL: `${standIn.url}/api/v3`,
        GITHUB_TOKEN: 'good-token',
        GITHUB_REPOSITORY: 'agence/site',
        PUBLISH_SHA: head,
        PUBLISH_STEPS: JSON.stringify(steps),
        PUBLISH_DONE: 'true',
        PREVIEW_URL: 'https://{alias}.exemple.workers.dev',
        PREVIEW_ALIAS: 'pr-2',
      },
    });
    expect(run.stdout).toMatch(/^success: /);
    expect(standIn.repository.statuses.get(head)?.at(-1)).toMatchObject({
      context: 'Publication',
      state: 'success',
      target_url: 'https://pr-2.exemple.workers.dev',
    });
    expect(standIn.violations.slice(violations)).toEqual([]);
  });
});
