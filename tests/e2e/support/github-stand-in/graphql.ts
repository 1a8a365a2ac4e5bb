// The root of the stand-in's GraphQL answers: plain objects resolved by graphql's default resolvers,
// executed against GitHub's schema (so a field the stand-in leaves out is an error, not a guess).
// The fields are those Sveltia CMS 0.221.1 asks for (backends/git/github: repository.js, files.js,
// commits.js, workflow.js, pull-requests.js, deployment.js): the default branch, a ref's history,
// blobs by oid or `branch:path`, a commit's statuses, the labelled open pull requests and their
// files; the mutations createRef, createCommitOnBranch and the draft state of a pull request.
import { GraphQLError } from 'graphql';
import { now, type Commit, type PullRequest, type Repository } from './repository';
import { pullRequestNodeId } from './rest';
import type { Token } from './server';

const STATES: Record<string, string> = {
  success: 'SUCCESS',
  pending: 'PENDING',
  failure: 'FAILURE',
  error: 'ERROR',
};

function gitObjects(repository: Repository, user: Token) {
  const actor = (login: string) => ({
    __typename: 'User',
    login,
    name: login,
    email: `${login}@example.invalid`,
    avatarUrl: `https://avatars.githubusercontent.com/u/1`,
    databaseId: 1,
    id: `U_${login}`,
  });
  const blob = (oid: string) => {
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
  };
  const commit = (sha: string): Record<string, unknown> | null => {
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
          const parent = current.parents[0]
            ? repository.commits.get(current.parents[0])
            : undefined;
          if (!path || current.tree[path] !== parent?.tree[path]) nodes.push(commit(at));
          at = current.parents[0];
        }
        return { nodes };
      },
    };
  };
  const ref = (name: string) => {
    const short = name.replace(/^refs\/heads\//, '');
    const sha = repository.branches.get(short);
    return sha ? { name: short, prefix: 'refs/heads/', target: commit(sha) } : null;
  };
  const pullRequest = (pull: PullRequest) => ({
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
  return { actor, blob, commit, ref, pullRequest, user };
}

function repositoryNode(repository: Repository, objects: ReturnType<typeof gitObjects>) {
  const { blob, commit, ref, pullRequest } = objects;
  return {
    id: `R_${repository.owner}_${repository.name}`,
    name: repository.name,
    nameWithOwner: `${repository.owner}/${repository.name}`,
    defaultBranchRef: ref('main'),
    ref: ({ qualifiedName }: { qualifiedName: string }) => ref(qualifiedName),
    object: ({ oid, expression }: { oid?: string; expression?: string }) => {
      if (oid) return commit(oid) ?? blob(oid);
      const [branch, path] = (expression ?? '').split(/:(.*)/s);
      const sha = repository.branches.get(branch);
      const file = sha ? repository.commits.get(sha)!.tree[path] : undefined;
      return file ? blob(file) : null;
    },
    pullRequests: ({
      states,
      labels,
      headRefName,
      first,
    }: {
      states?: string[];
      labels?: string[];
      headRefName?: string;
      first: number;
    }) => {
      const matching = repository.pullRequests
        .filter((pull) => !states || states.includes(pull.state.toUpperCase()))
        .filter((pull) => !labels || pull.labels.some((name) => labels.includes(name)))
        .filter((pull) => !headRefName || pull.head === headRefName)
        .reverse();
      return { totalCount: matching.length, nodes: matching.slice(0, first).map(pullRequest) };
    },
  };
}

function mutations(repository: Repository, objects: ReturnType<typeof gitObjects>) {
  const { commit, pullRequest, user } = objects;
  const needsPullRequestWrite = () => {
    if (user.pullRequests !== 'write')
      throw new GraphQLError('Resource not accessible by personal access token');
  };
  const draftState =
    (draft: boolean) =>
    ({ input }: { input: { pullRequestId: string } }) => {
      needsPullRequestWrite();
      const pull = repository.pullRequests.find(
        ({ number }) => pullRequestNodeId(number) === input.pullRequestId,
      );
      if (!pull)
        throw new GraphQLError(
          `Could not resolve to a node with the global id of '${input.pullRequestId}'`,
        );
      Object.assign(pull, { draft, updatedAt: now() });
      return { pullRequest: pullRequest(pull) };
    };
  return {
    createRef: ({ input }: { input: { name: string; oid: string } }) => {
      const branch = input.name.replace(/^refs\/heads\//, '');
      if (repository.branches.has(branch))
        throw new GraphQLError(`A ref named "${input.name}" already exists in the repository.`);
      if (!repository.commits.has(input.oid)) throw new GraphQLError('Object does not exist');
      repository.branches.set(branch, input.oid);
      return { ref: { name: branch } };
    },
    createCommitOnBranch: ({
      input,
    }: {
      input: {
        branch: { repositoryNameWithOwner: string; branchName: string };
        expectedHeadOid: string;
        fileChanges?: {
          additions?: { path: string; contents: string }[];
          deletions?: { path: string }[];
        };
        message: { headline: string; body?: string };
      };
    }) => {
      const { branchName, repositoryNameWithOwner } = input.branch;
      if (repositoryNameWithOwner !== `${repository.owner}/${repository.name}`)
        throw new GraphQLError(
          `Could not resolve to a Repository with the name '${repositoryNameWithOwner}'.`,
        );
      const head = repository.branches.get(branchName);
      if (!head) throw new GraphQLError(`A ref named "${branchName}" does not exist`);
      if (head !== input.expectedHeadOid)
        throw new GraphQLError(
          `Expected branch to point to "${input.expectedHeadOid}" but it did not. Pull and try again.`,
        );
      const changes: Record<string, string | null> = {};
      for (const { path, contents } of input.fileChanges?.additions ?? [])
        changes[path] = Buffer.from(contents, 'base64').toString('utf8');
      for (const { path } of input.fileChanges?.deletions ?? []) changes[path] = null;
      const made = repository.commit(branchName, changes, input.message.headline, user.login);
      return { commit: commit(made.sha) };
    },
    convertPullRequestToDraft: draftState(true),
    markPullRequestReadyForReview: draftState(false),
  };
}

export function graphqlRoot(repository: Repository, user: Token) {
  const objects = gitObjects(repository, user);
  return {
    viewer: { login: user.login, name: user.login },
    repository: ({ owner, name }: { owner: string; name: string }) =>
      owner === repository.owner && name === repository.name
        ? repositoryNode(repository, objects)
        : null,
    ...mutations(repository, objects),
  };
}
