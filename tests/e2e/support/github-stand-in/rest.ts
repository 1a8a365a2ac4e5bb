// The REST routes the stand-in answers, keyed by GitHub's own OpenAPI route ("POST /repos/…"): the
// ones Sveltia CMS 0.221.1 calls in the editorial workflow (its backends/git/github sources) and the
// one scripts/publish-status.mjs calls. Each answer is GitHub's documented shape for that status
// (contract.ts `documentedAnswer`) holding the repository's state; server.ts checks it.
import { now, type PullRequest, type Repository } from './repository';
import type { Token } from './server';

type Request = {
  url: URL;
  params: string[];
  body: unknown;
  user: Token;
  /** GitHub's documented answer for `status`, `fields` laid over it. */
  answer(status: number, fields: object): { status: number; body: unknown };
};
type Handler = (request: Request) => { status: number; body?: unknown };

const API = 'https://api.github.com';
const notFound = { status: 404, body: { message: 'Not Found', documentation_url: `${API}` } };
/** What GitHub answers a fine-grained token without the permission an operation needs. */
const forbidden = (documentation: string) => ({
  status: 403,
  body: {
    message: 'Resource not accessible by personal access token',
    documentation_url: `https://docs.github.com/rest/${documentation}`,
    status: '403',
  },
});

/** GitHub's « Simple User » for a login, every required field filled. */
export function simpleUser(login: string) {
  const url = `${API}/users/${login}`;
  return {
    login,
    id: 1,
    node_id: 'MDQ6VXNlcjE=',
    avatar_url: `https://avatars.githubusercontent.com/u/1`,
    gravatar_id: '',
    url,
    html_url: `https://github.com/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: 'User',
    site_admin: false,
  };
}

/** The node id GitHub's GraphQL API knows a pull request by (graphql.ts resolves it back). */
export const pullRequestNodeId = (number: number) => `PR_stand-in_${number}`;

function restPullRequest(repository: Repository, pull: PullRequest) {
  const html = `https://github.com/${repository.owner}/${repository.name}/pull/${pull.number}`;
  const side = (branch: string, sha: string) => ({
    label: `${repository.owner}:${branch}`,
    ref: branch,
    sha,
    user: simpleUser(repository.owner),
  });
  return {
    number: pull.number,
    node_id: pullRequestNodeId(pull.number),
    id: pull.number,
    title: pull.title,
    body: pull.body,
    state: pull.state,
    draft: pull.draft,
    merged: pull.merged,
    html_url: html,
    url: `${API}/repos/${repository.owner}/${repository.name}/pulls/${pull.number}`,
    user: simpleUser(pull.author),
    labels: [],
    head: side(pull.head, repository.branches.get(pull.head) ?? pull.baseSha),
    base: side(pull.base, pull.baseSha),
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
    author_association: 'COLLABORATOR',
  };
}

const label = (name: string) => ({ id: 1, node_id: 'LA_1', url: '', name, color: 'ededed' });

export function restHandlers(repository: Repository): Record<string, Handler> {
  const owns = ([owner, name]: string[]) => owner === repository.owner && name === repository.name;
  const pullRequest = (params: string[]) =>
    owns(params)
      ? repository.pullRequests.find(({ number }) => number === Number(params[2]))
      : undefined;
  const issue = (pull: PullRequest) => ({
    number: pull.number,
    title: pull.title,
    state: pull.state,
    labels: pull.labels.map(label),
    user: simpleUser(pull.author),
    created_at: pull.createdAt,
    updated_at: pull.updatedAt,
  });
  return {
    'GET /user': ({ user, answer }) =>
      answer(200, {
        ...simpleUser(user.login),
        name: user.login,
        created_at: now(),
        updated_at: now(),
      }),

    // The sign-in's access check (src/worker/signin.ts): the user's permissions on the repository.
    'GET /repos/{owner}/{repo}': ({ params, user, answer }) => {
      const access = user.repository ?? 'write';
      if (!owns(params) || access === 'none') return notFound;
      const push = access === 'write';
      return answer(200, {
        name: repository.name,
        full_name: `${repository.owner}/${repository.name}`,
        owner: simpleUser(repository.owner),
        private: true,
        default_branch: 'main',
        permissions: { admin: false, maintain: false, push, triage: push, pull: true },
      });
    },

    // Sveltia's access check: 204 for a collaborator (the token's owner is one here).
    'GET /repos/{owner}/{repo}/collaborators/{username}': ({ params }) =>
      owns(params) ? { status: 204 } : notFound,

    'GET /repos/{owner}/{repo}/git/trees/{tree_sha}': ({ params, answer }) => {
      const sha = repository.branches.get(params[2]) ?? params[2];
      const commit = repository.commits.get(sha);
      if (!owns(params) || !commit) return notFound;
      return answer(200, {
        sha,
        url: '',
        truncated: false,
        tree: Object.entries(commit.tree).map(([path, blob]) => ({
          path,
          mode: '100644',
          type: 'blob',
          sha: blob,
          size: Buffer.byteLength(repository.blobs.get(blob)!),
        })),
      });
    },

    'POST /repos/{owner}/{repo}/pulls': ({ params, body, user, answer }) => {
      if (!owns(params)) return notFound;
      if (user.pullRequests !== 'write') return forbidden('pulls/pulls#create-a-pull-request');
      const { title, head, base, draft, body: text } = body as Record<string, string>;
      const headSha = repository.branches.get(head);
      if (!headSha || !repository.branches.has(base))
        return { status: 422, body: { message: 'Validation Failed' } };
      // The base commit the branch grew from: the latest commit of the base in the head's history.
      const baseHistory = new Set<string>();
      for (let sha: string | undefined = repository.branches.get(base); sha;)
        (baseHistory.add(sha), (sha = repository.commits.get(sha)!.parents[0]));
      let baseSha = headSha;
      while (!baseHistory.has(baseSha)) baseSha = repository.commits.get(baseSha)!.parents[0];
      const pull: PullRequest = {
        number: repository.pullRequests.length + 1,
        title,
        body: text ?? null,
        head,
        base,
        baseSha,
        draft: Boolean(draft),
        state: 'open',
        merged: false,
        mergeSha: null,
        labels: [],
        author: user.login,
        createdAt: now(),
        updatedAt: now(),
      };
      repository.pullRequests.push(pull);
      return answer(201, restPullRequest(repository, pull));
    },

    'POST /repos/{owner}/{repo}/issues/{issue_number}/labels': ({ params, body, user, answer }) => {
      const pull = pullRequest(params);
      if (!pull) return notFound;
      if (user.pullRequests !== 'write') return forbidden('issues/labels#add-labels-to-an-issue');
      const names = ((body as { labels: (string | { name: string })[] }).labels ?? []).map(
        (item) => (typeof item === 'string' ? item : item.name),
      );
      pull.labels = [...new Set([...pull.labels, ...names])];
      return answer(200, pull.labels.map(label));
    },

    'GET /repos/{owner}/{repo}/issues/{issue_number}': ({ params, answer }) => {
      const pull = pullRequest(params);
      return pull ? answer(200, issue(pull)) : notFound;
    },

    'PATCH /repos/{owner}/{repo}/issues/{issue_number}': ({ params, body, user, answer }) => {
      const pull = pullRequest(params);
      if (!pull) return notFound;
      if (user.pullRequests !== 'write') return forbidden('issues/issues#update-an-issue');
      const { labels } = body as { labels?: (string | { name: string })[] };
      if (labels) pull.labels = labels.map((item) => (typeof item === 'string' ? item : item.name));
      pull.updatedAt = now();
      return answer(200, issue(pull));
    },

    'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge': ({ params, body, user, answer }) => {
      const pull = pullRequest(params);
      if (!pull) return notFound;
      if (user.pullRequests !== 'write') return forbidden('pulls/pulls#merge-a-pull-request');
      if (pull.state !== 'open' || pull.draft)
        return { status: 405, body: { message: 'Pull Request is not mergeable' } };
      const { commit_title } = body as { commit_title?: string };
      const commit = repository.merge(pull, commit_title ?? pull.title, user.login);
      return answer(200, {
        sha: commit.sha,
        merged: true,
        message: 'Pull Request successfully merged',
      });
    },

    'DELETE /repos/{owner}/{repo}/git/refs/{ref}': ({ params }) => {
      const branch = params[2].replace(/^heads\//, '');
      if (!owns(params) || !repository.branches.has(branch))
        return { status: 422, body: { message: 'Reference does not exist' } };
      repository.branches.delete(branch);
      return { status: 204 };
    },

    'POST /repos/{owner}/{repo}/statuses/{sha}': ({ params, body, user, answer }) => {
      const sha = params[2];
      if (!owns(params) || !repository.commits.has(sha)) return notFound;
      const { state, description, target_url, context } = body as Record<string, string>;
      const list = repository.statuses.get(sha) ?? [];
      const status = {
        id: list.length + 1,
        state,
        description: description ?? null,
        target_url: target_url ?? null,
        context: context ?? 'default',
        creator: user.login,
        created_at: now(),
      };
      repository.statuses.set(sha, [...list, status]);
      return answer(201, {
        url: `${API}/repos/${repository.owner}/${repository.name}/statuses/${sha}`,
        avatar_url: null,
        id: status.id,
        node_id: `SC_${status.id}`,
        state,
        description: status.description,
        target_url: status.target_url,
        context: status.context,
        created_at: status.created_at,
        updated_at: status.created_at,
        creator: simpleUser(user.login),
      });
    },
  };
}
