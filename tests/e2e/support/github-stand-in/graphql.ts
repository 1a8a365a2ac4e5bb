// The root of the stand-in's GraphQL answers: plain objects resolved by graphql's default resolvers,
// executed against GitHub's schema (so a field the stand-in leaves out is an error, not a guess).
// The fields are those Sveltia CMS 0.221.1 asks for (backends/git/github: repository.js, files.js,
// commits.js, workflow.js, pull-requests.js, deployment.js): the default branch, a ref's history,
// blobs by oid or `branch:path`, a commit's statuses, the labelled open pull requests and their
// files; the mutations createRef, createCommitOnBranch and the draft state of a pull request.
import { GraphQLError } from 'graphql';
import { gitObjects } from './graphql-objects';
import { now, type Repository } from './repository';
import { pullRequestNodeId } from './rest-objects';
import type { Token } from './server';

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

type CommitOnBranchInput = {
  branch: { repositoryNameWithOwner: string; branchName: string };
  expectedHeadOid: string;
  fileChanges?: {
    additions?: { path: string; contents: string }[];
    deletions?: { path: string }[];
  };
  message: { headline: string; body?: string };
};

/** createCommitOnBranch: the file changes of `input` committed on its branch, as `user`. */
function commitOnBranch(repository: Repository, user: Token, input: CommitOnBranchInput) {
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
  return repository.commit(branchName, changes, input.message.headline, user.login);
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
    createCommitOnBranch: ({ input }: { input: CommitOnBranchInput }) => ({
      commit: commit(commitOnBranch(repository, user, input).sha),
    }),
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
