// The stand-in's in-memory repository: blobs named by their git SHA-1, commits, branches, commit
// statuses. Pull requests and labels come with the editor's walk (issue 44), not yet here.
import { createHash } from 'node:crypto';

export type Commit = {
  sha: string;
  tree: Record<string, string>;
  parents: string[];
  message: string;
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

export type Repository = {
  owner: string;
  name: string;
  blobs: Map<string, string>;
  commits: Map<string, Commit>;
  branches: Map<string, string>;
  statuses: Map<string, CommitStatus[]>;
  commit(branch: string, changes: Record<string, string | null>, message: string): Commit;
};

function gitSha(type: string, content: Buffer): string {
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content]))
    .digest('hex');
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
    commit(branch, changes, message) {
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
      const sha = gitSha(
        'commit',
        Buffer.from(
          `${JSON.stringify(tree)}\n${parent ?? ''}\n${message}\n${repository.commits.size}`,
        ),
      );
      const commit = { sha, tree, parents: parent ? [parent] : [], message };
      repository.commits.set(sha, commit);
      repository.branches.set(branch, sha);
      return commit;
    },
  };
  repository.commit('main', files, 'Initial content');
  return repository;
}
