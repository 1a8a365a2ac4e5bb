// The REST routes of access: who the token is, what it may do on the repository.
import { now, type Repository } from './repository';
import { notFound, simpleUser } from './rest-objects';
import { owns, type Handler } from './rest-route';

export function accessRoutes(repository: Repository): Record<string, Handler> {
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
      if (!owns(repository, params) || access === 'none') return notFound;
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
      owns(repository, params) ? { status: 204 } : notFound,
  };
}
