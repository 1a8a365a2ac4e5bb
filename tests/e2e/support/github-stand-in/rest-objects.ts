// GitHub's REST objects as the stand-in answers them, every required field filled: a user, a pull
// request, an issue, a label; and GitHub's errors for a missing resource or permission.
import type { PullRequest, Repository } from './repository';

export const API = 'https://api.github.com';
export const notFound = {
  status: 404,
  body: { message: 'Not Found', documentation_url: `${API}` },
};
/** What GitHub answers a fine-grained token without the permission an operation needs. */
export const forbidden = (documentation: string) => ({
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

export function restPullRequest(repository: Repository, pull: PullRequest) {
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

export const label = (name: string) => ({ id: 1, node_id: 'LA_1', url: '', name, color: 'ededed' });

/** A pull request as GitHub's issues API sees it. */
export const issue = (pull: PullRequest) => ({
  number: pull.number,
  title: pull.title,
  state: pull.state,
  labels: pull.labels.map(label),
  user: simpleUser(pull.author),
  created_at: pull.createdAt,
  updated_at: pull.updatedAt,
});
