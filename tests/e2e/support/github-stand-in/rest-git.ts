// The REST routes of the repository's git data: a commit's tree, a branch deleted, a commit's
// statuses (the one scripts/publish-status.mjs posts).
import { now, type Repository } from './repository';
import type { Token } from './server';
import { API, notFound, simpleUser } from './rest-objects';
import { owns, type Handler } from './rest-route';

/** Records the status `body` asks for on commit `sha`: GitHub's answer. */
function addStatus(repository: Repository, sha: string, body: unknown, user: Token) {
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
  return {
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
  };
}

export function gitRoutes(repository: Repository): Record<string, Handler> {
  return {
    'GET /repos/{owner}/{repo}/git/trees/{tree_sha}': ({ params, answer }) => {
      const sha = repository.branches.get(params[2]) ?? params[2];
      const commit = repository.commits.get(sha);
      if (!owns(repository, params) || !commit) return notFound;
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

    'DELETE /repos/{owner}/{repo}/git/refs/{ref}': ({ params }) => {
      const branch = params[2].replace(/^heads\//, '');
      if (!owns(repository, params) || !repository.branches.has(branch))
        return { status: 422, body: { message: 'Reference does not exist' } };
      repository.branches.delete(branch);
      return { status: 204 };
    },

    'POST /repos/{owner}/{repo}/statuses/{sha}': ({ params, body, user, answer }) => {
      const sha = params[2];
      if (!owns(repository, params) || !repository.commits.has(sha)) return notFound;
      return answer(201, addStatus(repository, sha, body, user));
    },
  };
}
