// The stand-in's in-memory repository: blobs named by their git SHA-1, commits, branches, commit
// statuses, pull requests and their labels: what the editor's walk reads and writes (issue 44).
import { createHash } from 'node:crypto';

export type Commit = {
  sha: string;
  tree: Record<string, string>;
  parents: string[];
  message: string;
  author: string;
  date: string;
};
export type CommitStatus = {
  id: number;
  state: string;
  description: string | null;
  target_url: string | null;
  context: string;
  creator: string;
  created_at: string;
};
export type PullRequest = {
  number: number;
  title: string;
  body: string | null;
  head: string;
  base: string;
  /** The base branch's commit the head branch started from: the files are compared with it. */
  baseSha: string;
  draft: boolean;
  state: 'open' | 'closed';
  merged: boolean;
  mergeSha: string | null;
  labels: string[];
  author: string;
  createdAt: string;
  updatedAt: string;
};

export type Repository = {
  owner: string;
  name: string;
  blobs: Map<string, string>;
  commits: Map<string, Commit>;
  branches: Map<string, string>;
  statuses: Map<string, CommitStatus[]>;
  pullRequests: PullRequest[];
  commit(
    branch: string,
    changes: Record<string, string | null>,
    message: string,
    author?: string,
  ): Commit;
  /** The paths whose content differs between two commits, with GitHub's change type. */
  changes(from: string, to: string): { path: string; change: 'ADDED' | 'MODIFIED' | 'DELETED' }[];
  /** Merges a pull request's head into its base (a merge commit); closes it. */
  merge(pullRequest: PullRequest, title: string, author: string): Commit;
  /**
   * GitHub's test merge of an open pull request (refs/pull/N/merge, what `github.sha` names in a
   * pull_request workflow run): a commit of the merged files, on no branch.
   */
  testMerge(pullRequest: PullRequest): Commit;
};

export function gitSha(type: string, content: Buffer): string {
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content]))
    .digest('hex');
}

/** GitHub's timestamp format: seconds, UTC, `Z`. */
export const now = () => new Date().toISOString().replace(/\.\d+/, '');

/** Stores a commit of `tree` (its sha unique in the repository), on no branch. */
function storeCommit(
  repository: Repository,
  tree: Record<string, string>,
  parents: string[],
  message: string,
  author: string,
): Commit {
  const sha = gitSha(
    'commit',
    Buffer.from(
      `${JSON.stringify(tree)}\n${parents.join(' ')}\n${message}\n${repository.commits.size}`,
    ),
  );
  const commit = { sha, tree, parents, message, author, date: now() };
  repository.commits.set(sha, commit);
  return commit;
}

/** The files that differ between two commits' trees, by path. */
function treeChanges(
  repository: Repository,
  from: string,
  to: string,
): ReturnType<Repository['changes']> {
  const [before, after] = [from, to].map((sha) => repository.commits.get(sha)!.tree);
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return paths
    .filter((path) => before[path] !== after[path])
    .map((path) => ({
      path,
      change: !before[path] ? 'ADDED' : !after[path] ? 'DELETED' : 'MODIFIED',
    }));
}

/** The merge commit of a pull request's head into its base, on no branch. */
function testMergeCommit(repository: Repository, pullRequest: PullRequest): Commit {
  const base = repository.branches.get(pullRequest.base)!;
  const head = repository.branches.get(pullRequest.head)!;
  // The base's tree with the head's changes since it started (no conflict handling: the
  // editor's branches each touch their own entries).
  const tree = { ...repository.commits.get(base)!.tree };
  for (const { path, change } of repository.changes(pullRequest.baseSha, head))
    if (change === 'DELETED') delete tree[path];
    else tree[path] = repository.commits.get(head)!.tree[path];
  return storeCommit(repository, tree, [base, head], `Merge ${head} into ${base}`, 'github');
}

export function createRepository(
  owner: string,
  name: string,
  files: Record<string, string>,
): Repository {
  const repository: Repository = {
    owner,
    name,
    blobs: new Map(),
    commits: new Map(),
    branches: new Map(),
    statuses: new Map(),
    pullRequests: [],
    commit(branch, changes, message, author = owner) {
      const parent = repository.branches.get(branch);
      const tree = { ...(parent ? repository.commits.get(parent)!.tree : {}) };
      for (const [path, content] of Object.entries(changes)) {
        if (content === null) delete tree[path];
        else {
          const sha = gitSha('blob', Buffer.from(content));
          repository.blobs.set(sha, content);
          tree[path] = sha;
        }
      }
      const commit = storeCommit(repository, tree, parent ? [parent] : [], message, author);
      repository.branches.set(branch, commit.sha);
      return commit;
    },
    changes: (from, to) => treeChanges(repository, from, to),
    testMerge: (pullRequest) => testMergeCommit(repository, pullRequest),
    merge(pullRequest, title, author) {
      const { tree, parents } = repository.testMerge(pullRequest);
      const commit = storeCommit(repository, tree, parents, title, author);
      repository.branches.set(pullRequest.base, commit.sha);
      Object.assign(pullRequest, {
        state: 'closed',
        merged: true,
        mergeSha: commit.sha,
        updatedAt: now(),
      });
      return commit;
    },
  };
  repository.commit('main', files, 'Initial content');
  return repository;
}

/** The text of a file on a branch, or undefined. */
export function fileOn(repository: Repository, branch: string, path: string): string | undefined {
  const sha = repository.branches.get(branch);
  const blob = sha ? repository.commits.get(sha)!.tree[path] : undefined;
  return blob ? repository.blobs.get(blob) : undefined;
}
