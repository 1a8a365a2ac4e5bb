// The REST routes the stand-in answers, keyed by GitHub's own OpenAPI route ("POST /repos/…").
// Answers carry every field GitHub's description requires: server.ts checks them.
import type { Repository } from './repository';
import type { Token } from './server';

type Request = { url: URL; params: string[]; body: unknown; user: Token };
type Handler = (request: Request) => { status: number; body?: unknown };

const API = 'https://api.github.com';
const notFound = { status: 404, body: { message: 'Not Found', documentation_url: `${API}` } };

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

function publicUser(login: string) {
  return {
    ...simpleUser(login),
    name: login,
    company: null,
    blog: '',
    location: null,
    email: null,
    hireable: null,
    bio: null,
    public_repos: 0,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: '2024-01-01T00:00:00Z',
    updated_at: '2024-01-01T00:00:00Z',
  };
}

export function restHandlers(repository: Repository): Record<string, Handler> {
  const owns = ([owner, name]: string[]) => owner === repository.owner && name === repository.name;
  return {
    'GET /user': ({ user }) => ({ status: 200, body: publicUser(user.login) }),

    'POST /repos/{owner}/{repo}/statuses/{sha}': ({ params, body, user }) => {
      const sha = params[2];
      if (!owns(params) || !repository.commits.has(sha)) return notFound;
      const { state, description, target_url, context } = body as Record<string, string>;
      const list = repository.statuses.get(sha) ?? [];
      const status = {
        id: list.length + 1,
        state,
        description: description ?? null,
        target_url: target_url ?? null,
        context: context ?? 'default',
        creator: user.login,
        created_at: new Date().toISOString().replace(/\.\d+/, ''),
      };
      repository.statuses.set(sha, [...list, status]);
      return {
        status: 201,
        body: {
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
        },
      };
    },
  };
}
