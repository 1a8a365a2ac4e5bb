/**
 * « Se connecter avec GitHub »: the OAuth sign-in server of the visual editor, two routes of the
 * site's Worker (docs/decisions/editor.md#one-click-sign-in-through-the-sites-own-worker).
 * - /admin/auth: the editor's popup opens it; it sets a `state` and a PKCE verifier in a cookie
 *   bound to this browser (HttpOnly, SameSite=Lax, path /admin, Secure over https) and redirects to
 *   GitHub's authorize page.
 * - /admin/callback: GitHub sends the copywriter back with a code; the state must match the
 *   cookie's, the code is exchanged (with the client secret and the verifier), the token must reach
 *   the repository with write access; the popup then hands the token to the editor (./page.ts).
 * Every failure ends on a French message (./page.ts MESSAGES).
 */
import { MESSAGES, outcomePage } from './page';

/** The Worker's settings for the sign-in (wrangler vars and secrets). */
export interface SigninEnv {
  /** The GitHub App's client ID (a var, public). */
  CMS_GITHUB_CLIENT_ID?: string;
  /** The GitHub App's client secret (a Worker secret, never in the build or the repository). */
  CMS_GITHUB_CLIENT_SECRET?: string;
  /** `owner/name`: the repository the editor writes to. */
  CMS_GITHUB_REPO?: string;
  /** Tests only: the GitHub stand-in's origin (github.com's pages, its API under /api/v3). */
  CMS_GITHUB_API_ROOT?: string;
}

export const AUTH_PATH = '/admin/auth';
export const CALLBACK_PATH = '/admin/callback';
const COOKIE = 'cms-signin';
/** Ten minutes to consent, as long as GitHub's code lives. */
const COOKIE_SECONDS = 600;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const randomToken = () => base64url(crypto.getRandomValues(new Uint8Array(32)));
const challengeOf = async (verifier: string) =>
  base64url(
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))),
  );

/** GitHub's web origin and API root: github.com's, or the stand-in's in the tests. */
function github(env: SigninEnv) {
  const root = env.CMS_GITHUB_API_ROOT ? new URL(env.CMS_GITHUB_API_ROOT).origin : undefined;
  return {
    web: root ?? 'https://github.com',
    api: root ? `${root}/api/v3` : 'https://api.github.com',
  };
}

/** The settings the sign-in needs, or undefined when one is missing. */
function settings(env: SigninEnv) {
  const clientId = env.CMS_GITHUB_CLIENT_ID?.trim();
  const secret = env.CMS_GITHUB_CLIENT_SECRET?.trim();
  const repo = env.CMS_GITHUB_REPO?.trim();
  if (!clientId || !secret || !repo || !/^[\w.-]+\/[\w.-]+$/.test(repo)) return undefined;
  return { clientId, secret, repo, ...github(env) };
}

/** The cookie holding `value` for the sign-in routes only (an empty value and 0 clears it). */
function cookie(url: URL, value: string, seconds: number): string {
  const secure = url.protocol === 'https:' ? '; Secure' : '';
  return `${COOKIE}=${value}; Max-Age=${seconds}; Path=/admin; HttpOnly; SameSite=Lax${secure}`;
}

function readCookie(request: Request): string | undefined {
  const header = request.headers.get('Cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return undefined;
}

/** /admin/auth: the redirect to GitHub's authorize page, the state and verifier in the cookie. */
async function authorize(request: Request, env: SigninEnv): Promise<Response> {
  const url = new URL(request.url);
  const app = settings(env);
  if (!app) return outcomePage({ error: MESSAGES.notConfigured }, 503);
  if (url.searchParams.get('provider') !== 'github')
    return outcomePage({ error: MESSAGES.badRequest }, 400);
  const state = randomToken();
  const verifier = randomToken();
  const target = new URL('/login/oauth/authorize', app.web);
  target.search = new URLSearchParams({
    client_id: app.clientId,
    redirect_uri: `${url.origin}${CALLBACK_PATH}`,
    state,
    code_challenge: await challengeOf(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return new Response(null, {
    status: 302,
    headers: {
      Location: target.toString(),
      'Set-Cookie': cookie(url, `${state}.${verifier}`, COOKIE_SECONDS),
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
    },
  });
}

/** GitHub's token-exchange errors (documented), as the copywriter's message. */
const EXCHANGE_ERRORS: Record<string, string> = {
  bad_verification_code: MESSAGES.expiredCode,
  incorrect_client_credentials: MESSAGES.wrongClient,
  redirect_uri_mismatch: MESSAGES.wrongCallback,
};

type App = NonNullable<ReturnType<typeof settings>>;

/** Exchanges the code for a user token: the token, or the French reason there is none. */
async function exchange(
  app: App,
  code: string,
  verifier: string,
  redirectUri: string,
): Promise<{ token: string } | { error: string }> {
  const response = await fetch(new URL('/login/oauth/access_token', app.web), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: app.clientId,
      client_secret: app.secret,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  }).catch(() => undefined);
  if (!response) return { error: MESSAGES.unreachable };
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: string;
    error?: string;
  };
  if (response.ok && body.access_token) return { token: body.access_token };
  return { error: EXCHANGE_ERRORS[body.error ?? ''] ?? MESSAGES.githubError };
}

/** Whether the token's user may write to the repository: undefined when so, else the message. */
async function accessProblem(app: App, token: string): Promise<string | undefined> {
  const response = await fetch(`${app.api}/repos/${app.repo}`, {
    headers: {
      Accept: 'application/vnd.github+json',
      Authorization: `Bearer ${token}`,
      'User-Agent': 'agence-site-signin',
      'X-GitHub-Api-Version': '2022-11-28',
    },
  }).catch(() => undefined);
  if (!response) return MESSAGES.unreachable;
  if (response.status === 404 || response.status === 403) return MESSAGES.noAccess;
  if (!response.ok) return MESSAGES.githubError;
  const { permissions } = (await response.json()) as { permissions?: { push?: boolean } };
  return permissions?.push ? undefined : MESSAGES.readOnly;
}

/** /admin/callback: checks the state, exchanges the code, checks the access, answers the popup. */
async function callback(request: Request, env: SigninEnv): Promise<Response> {
  const url = new URL(request.url);
  const clear = { 'Set-Cookie': cookie(url, '', 0) };
  const fail = (error: string, status: number) => outcomePage({ error }, status, clear);
  const app = settings(env);
  if (!app) return fail(MESSAGES.notConfigured, 503);
  const params = url.searchParams;
  const [state, verifier] = (readCookie(request) ?? '').split('.');
  if (!state || !verifier || params.get('state') !== state) return fail(MESSAGES.forgedState, 400);
  if (params.get('error') === 'access_denied') return fail(MESSAGES.denied, 403);
  if (params.get('error') === 'redirect_uri_mismatch') return fail(MESSAGES.wrongCallback, 400);
  const code = params.get('code');
  if (!code) return fail(MESSAGES.githubError, 400);
  const result = await exchange(app, code, verifier, `${url.origin}${CALLBACK_PATH}`);
  if ('error' in result) return fail(result.error, 502);
  const problem = await accessProblem(app, result.token);
  if (problem) return fail(problem, 403);
  return outcomePage({ token: result.token }, 200, clear);
}

/** Answers the sign-in's two routes; undefined for any other path. */
export function signin(request: Request, env: SigninEnv): Promise<Response> | undefined {
  const { pathname } = new URL(request.url);
  if (request.method !== 'GET') return undefined;
  if (pathname === AUTH_PATH) return authorize(request, env);
  if (pathname === CALLBACK_PATH) return callback(request, env);
  return undefined;
}
