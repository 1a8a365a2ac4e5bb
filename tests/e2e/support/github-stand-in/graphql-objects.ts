// GitHub's GraphQL objects as the stand-in answers them (graphql.ts), plain objects for graphql's
// default resolvers: a user, a blob, a commit with its statuses and history, a pull request.
import { type Commit, type PullRequest, type Repository } from './repository';
import { pullRequestNodeId } from './rest-objects';
import type { Token } from './server';

const STATES: Record<string, string> = {
  success: 'SUCCESS',
  pending: 'PENDING',
  failure: 'FAILURE',
  error: 'ERROR',
};

export const actor = (login: string) => ({
  __typename: 'User',
  login,
  name: login,
  email: `${login}@example.invalid`,
  avatarUrl: `https://avatars.githubusercontent.com/u/1`,
  databaseId: 1,
  id: `U_${login}`,
});

export function blob(repository: Repository, oid: string) {
  const text = repository.blobs.get(oid);
  return text === undefined
    ? null
    : {
        __typename: 'Blob',
        oid,
        text,
        byteSize: Buffer.byteLength(text),
        isBinary: false,
        isTruncated: false,
      };
}

export function commit(repository: Repository, sha: string): Record<string, unknown> | null {
  const found = repository.commits.get(sha);
  if (!found) return null;
  const statuses = repository.statuses.get(sha) ?? [];
  return {
    __typename: 'Commit',
    oid: sha,
    message: found.message,
    committedDate: found.date,
    author: {
      name: found.author,
      email: `${found.author}@example.invalid`,
      avatarUrl: '',
      user: actor(found.author),
    },
    // The newest status of each context, as GitHub's combined status reports it.
    status: statuses.length
      ? {
          contexts: [...new Map(statuses.map((status) => [status.context, status])).values()].map(
            (status) => ({
              context: status.context,
              state: STATES[status.state],
              targetUrl: status.target_url,
              description: status.description,
            }),
          ),
        }
      : null,
    deployments: { nodes: [] },
    checkSuites: { nodes: [] },
    file: ({ path }: { path: string }) =>
      found.tree[path] ? { oid: found.tree[path], path, name: path.split('/').pop() } : null,
    history: ({ first, path }: { first: number; path?: string }) => {
      const nodes = [];
      for (let at: string | undefined = sha; at && nodes.length < first;) {
        const current: Commit = repository.commits.get(at)!;
        const parent = current.parents[0] ? repository.commits.get(current.parents[0]) : undefined;
        if (!path || current.tree[path] !== parent?.tree[path]) nodes.push(commit(repository, at));
        at = current.parents[0];
      }
      return { nodes };
    },
  };
}

export const pullRequest = (repository: Repository, pull: PullRequest) => ({
  id: pullRequestNodeId(pull.number),
  number: pull.number,
  title: pull.title,
  url: `https://github.com/${repository.owner}/${repository.name}/pull/${pull.number}`,
  isDraft: pull.draft,
  isCrossRepository: false,
  createdAt: pull.createdAt,
  updatedAt: pull.updatedAt,
  headRefName: pull.head,
  headRefOid: repository.branches.get(pull.head) ?? pull.baseSha,
  author: actor(pull.author),
  labels: { nodes: pull.labels.map((name) => ({ name })) },
  files: {
    nodes: repository
      .changes(pull.baseSha, repository.branches.get(pull.head) ?? pull.baseSha)
      .map(({ path, change }) => ({ path, changeType: change })),
  },
});

/** The objects bound to `repository`, as the root's resolvers use them. */
export function gitObjects(repository: Repository, user: Token) {
  return {
    actor,
    blob: (oid: string) => blob(repository, oid),
    commit: (sha: string) => commit(repository, sha),
    ref: (name: string) => {
      const short = name.replace(/^refs\/heads\//, '');
      const sha = repository.branches.get(short);
      return sha ? { name: short, prefix: 'refs/heads/', target: commit(repository, sha) } : null;
    },
    pullRequest: (pull: PullRequest) => pullRequest(repository, pull),
    user,
  };
}
