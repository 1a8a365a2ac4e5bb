// GitHub's web sign-in for a GitHub App, as the stand-in plays it: the authorize page (consent the
// first time, then straight back) and the token exchange, with GitHub's documented parameters
// (docs.github.com « Generating a user access token for a GitHub App »: client_id, redirect_uri,
// state, code_challenge, code_challenge_method=S256, login, allow_signup, prompt) and answers
// (`?code=…&state=…`, `?error=access_denied`, a token or `bad_verification_code`,
// `incorrect_client_credentials`, `redirect_uri_mismatch`, all 200 JSON). What GitHub would not
// accept from the site is recorded in `violations`.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Token } from './server';

/** The GitHub App registered with the stand-in. */
export type OAuthApp = {
  clientId: string;
  clientSecret: string;
  callbackUrl: string;
  name: string;
};

/** The stand-in's sign-in state: who is signed in to « GitHub », who has consented, what was asked. */
export type OAuth = {
  app: OAuthApp;
  /** The GitHub user signed in to github.com in the browser (and what their tokens may do). */
  signedIn?: Token;
  /** Logins that have authorized the app (no consent page any more). */
  authorized: Set<string>;
  /** Every authorize request and token exchange, with its parameters (the secret left out). */
  requests: { path: string; params: Record<string, string> }[];
  /** Codes issued: the user, the redirect_uri and challenge they were issued for, single use. */
  codes: Map<string, { user: Token; redirectUri: string; challenge?: string; expires: number }>;
};

type Answer = { status: number; body?: unknown; text?: string; headers?: Record<string, string> };

const AUTHORIZE_PARAMS = [
  'client_id',
  'redirect_uri',
  'login',
  'scope',
  'state',
  'allow_signup',
  'prompt',
  'code_challenge',
  'code_challenge_method',
];
const DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors';
const EXCHANGE_DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

async function formBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('json'))
    return JSON.parse(text || '{}') as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

const redirect = (location: string): Answer => ({ status: 302, headers: { Location: location } });
const html = (status: number, text: string): Answer => ({
  status,
  text,
  headers: { 'Content-Type': 'text/html; charset=utf-8' },
});

/** GitHub's consent page: « Authorize <app> » posts the same parameters back; « Cancel » denies. */
function consentPage(app: OAuthApp, login: string, params: URLSearchParams): Answer {
  const hidden = [...params]
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${name}" value="${value.replace(/"/g, '&quot;')}">`,
    )
    .join('');
  return html(
    200,
    `<!doctype html><html lang="en"><head><title>Authorize application</title></head><body>
<main><h1>${app.name} by ${login}</h1><p>would like permission to act on your behalf.</p>
<form method="post" action="/login/oauth/authorize">${hidden}
<button name="authorize" value="0">Cancel</button>
<button name="authorize" value="1">Authorize ${app.name}</button></form></main></body></html>`,
  );
}

/** GET (and the consent's POST to) /login/oauth/authorize. */
function authorize(oauth: OAuth, params: URLSearchParams, violations: string[], consent?: string) {
  const unknown = [...params.keys()].filter((key) => !AUTHORIZE_PARAMS.includes(key));
  if (unknown.length) violations.push(`authorize: undocumented parameters ${unknown.join(', ')}`);
  if (params.get('client_id') !== oauth.app.clientId) return html(404, '<h1>404</h1>');
  const redirectUri = params.get('redirect_uri') ?? oauth.app.callbackUrl;
  const state = params.get('state');
  const back = (query: Record<string, string>) => {
    const url = new URL(redirectUri);
    for (const [key, value] of Object.entries({ ...query, ...(state ? { state } : {}) }))
      url.searchParams.set(key, value);
    return redirect(url.toString());
  };
  if (!redirectUri.startsWith(oauth.app.callbackUrl))
    return back({
      error: 'redirect_uri_mismatch',
      error_description:
        'The redirect_uri MUST match the registered callback URL for this application.',
      error_uri: `${DOCS}#redirect-uri-mismatch`,
    });
  const method = params.get('code_challenge_method');
  if (params.has('code_challenge') && method !== 'S256') {
    violations.push(`authorize: code_challenge_method ${method} (GitHub supports S256 only)`);
    return html(400, '<h1>Invalid code_challenge_method</h1>');
  }
  const user = oauth.signedIn;
  if (!user) return html(200, '<h1>Sign in to GitHub</h1>');
  if (consent === '0')
    return back({
      error: 'access_denied',
      error_description: 'The user has denied your application access.',
      error_uri: `${DOCS}#access-denied`,
    });
  if (consent === '1') oauth.authorized.add(user.login);
  if (!oauth.authorized.has(user.login)) return consentPage(oauth.app, user.login, params);
  const code = randomBytes(10).toString('hex');
  const challenge = params.get('code_challenge') ?? undefined;
  oauth.codes.set(code, { user, redirectUri, challenge, expires: Date.now() + 600_000 });
  return back({ code });
}

const exchangeError = (error: string, description: string): Answer => ({
  status: 200,
  body: {
    error,
    error_description: description,
    error_uri: `${EXCHANGE_DOCS}#${error.replace(/_/g, '-')}`,
  },
});

/** POST /login/oauth/access_token: a user token (registered with the API), or GitHub's error. */
function exchange(
  oauth: OAuth,
  body: Record<string, string>,
  tokens: Record<string, Token>,
): Answer {
  const { client_id, client_secret, code, redirect_uri, code_verifier } = body;
  if (client_id !== oauth.app.clientId || client_secret !== oauth.app.clientSecret)
    return exchangeError(
      'incorrect_client_credentials',
      'The client_id and/or client_secret passed are incorrect.',
    );
  const issued = oauth.codes.get(code ?? '');
  oauth.codes.delete(code ?? '');
  if (redirect_uri !== undefined && issued && redirect_uri !== issued.redirectUri)
    return exchangeError(
      'redirect_uri_mismatch',
      'The redirect_uri MUST match the registered callback URL for this application.',
    );
  const verified =
    !issued?.challenge ||
    createHash('sha256')
      .update(code_verifier ?? '')
      .digest('base64url') === issued.challenge;
  if (!issued || issued.expires < Date.now() || !verified)
    return exchangeError('bad_verification_code', 'The code passed is incorrect or expired.');
  const token = `ghu_${randomBytes(18).toString('base64url')}`;
  tokens[token] = issued.user;
  return {
    status: 200,
    body: {
      access_token: token,
      expires_in: 28800,
      refresh_token: `ghr_${randomBytes(18).toString('base64url')}`,
      refresh_token_expires_in: 15897600,
      token_type: 'bearer',
      scope: '',
    },
  };
}

/** The stand-in's answer to a sign-in path, or undefined for any other path. */
export async function answerOAuth(
  oauth: OAuth | undefined,
  request: IncomingMessage,
  url: URL,
  context: { tokens: Record<string, Token>; violations: string[] },
): Promise<Answer | undefined> {
  if (!oauth || !url.pathname.startsWith('/login/oauth/')) return undefined;
  const method = request.method ?? 'GET';
  if (url.pathname === '/login/oauth/authorize' && method === 'GET') {
    oauth.requests.push({ path: url.pathname, params: Object.fromEntries(url.searchParams) });
    return authorize(oauth, url.searchParams, context.violations);
  }
  if (url.pathname === '/login/oauth/authorize' && method === 'POST') {
    const { authorize: consent, ...params } = await formBody(request);
    return authorize(oauth, new URLSearchParams(params), context.violations, consent);
  }
  if (url.pathname === '/login/oauth/access_token' && method === 'POST') {
    if (!(request.headers.accept ?? '').includes('application/json'))
      context.violations.push(
        'access_token: without Accept: application/json GitHub answers a form',
      );
    const body = await formBody(request);
    const { client_secret: _secret, ...params } = body;
    oauth.requests.push({ path: url.pathname, params });
    return exchange(oauth, body, context.tokens);
  }
  return { status: 404, text: 'Not Found', headers: { 'Content-Type': 'text/plain' } };
}
