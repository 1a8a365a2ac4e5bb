// The REST routes of pull requests and their issues: opened from a branch, labelled (the editorial
// workflow's statuses), read, merged.
import { now, type PullRequest, type Repository } from './repository';
import type { Token } from './server';
import { forbidden, issue, label, notFound, restPullRequest } from './rest-objects';
import { owns, pullRequestAt, type Handler } from './rest-route';

/** Opens the pull request `body` asks for; none when its head or base branch is missing. */
function openPullRequest(repository: Repository, body: unknown, user: Token) {
  const { title, head, base, draft, body: text } = body as Record<string, string>;
  const headSha = repository.branches.get(head);
  if (!headSha || !repository.branches.has(base)) return undefined;
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
  return pull;
}

export function pullRequestRoutes(repository: Repository): Record<string, Handler> {
  const pullRequest = (params: string[]) => pullRequestAt(repository, params);
  return {
    'POST /repos/{owner}/{repo}/pulls': ({ params, body, user, answer }) => {
      if (!owns(repository, params)) return notFound;
      if (user.pullRequests !== 'write') return forbidden('pulls/pulls#create-a-pull-request');
      const pull = openPullRequest(repository, body, user);
      if (!pull) return { status: 422, body: { message: 'Validation Failed' } };
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
  };
}
