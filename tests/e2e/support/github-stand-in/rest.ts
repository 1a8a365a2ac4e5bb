// The REST routes the stand-in answers, keyed by GitHub's own OpenAPI route ("POST /repos/…"): the
// ones Sveltia CMS 0.221.1 calls in the editorial workflow (its backends/git/github sources) and the
// one scripts/publish-status.mjs calls. Each answer is GitHub's documented shape for that status
// (contract.ts `documentedAnswer`) holding the repository's state; server.ts checks it. The routes
// are grouped by what they touch: access (rest-access.ts), git data (rest-git.ts), pull requests
// (rest-pulls.ts); GitHub's objects in rest-objects.ts.
import type { Repository } from './repository';
import { accessRoutes } from './rest-access';
import { gitRoutes } from './rest-git';
import { pullRequestRoutes } from './rest-pulls';
import type { Handler } from './rest-route';

export function restHandlers(repository: Repository): Record<string, Handler> {
  return {
    ...accessRoutes(repository),
    ...gitRoutes(repository),
    ...pullRequestRoutes(repository),
  };
}
