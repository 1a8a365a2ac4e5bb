// The editor's sign-in server (src/worker/), the Worker module called as workerd calls it, against the
// GitHub stand-in's web sign-in (tests/e2e/support/github-stand-in/oauth.ts) on a free port (0).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import worker, { type Env } from '../../src/worker/index';
import { MESSAGES } from '../../src/worker/page';
import {
  startGithubStandIn,
  type StandIn,
  type Token,
} from '../e2e/support/github-stand-in/server';

const SITE = 'https://www.agence.example';
const APP = { clientId: 'Iv23.unit', clientSecret: 'unit-secret', name: 'Éditeur' };
const USERS: Record<string, Token> = {
  redactrice: { valid: true, login: 'redactrice' },
  lectrice: { valid: true, login: 'lectrice', repository: 'read' },
  inconnue: { valid: true, login: 'inconnue', repository: 'none' },
};

let standIn: StandIn;
let env: Env;
const assets: string[] = [];
beforeAll(async () => {
  standIn = await startGithubStandIn({
    port: 0,
    owner: 'agence',
    name: 'site',
    files: { 'src/content/pages/index.yaml': 'title: Accueil\n' },
    tokens: {},
    app: { ...APP, callbackUrl: `${SITE}/admin/callback` },
  });
}, 60_000);
afterAll(() => standIn?.close());
beforeEach(() => {
  env = {
    CMS_GITHUB_CLIENT_ID: APP.clientId,
    CMS_GITHUB_CLIENT_SECRET: APP.clientSecret,
    CMS_GITHUB_REPO: 'agence/site',
    CMS_GITHUB_API_ROOT: standIn.url,
    ASSETS: { fetch: async (request) => (assets.push(request.url), new Response('asset')) },
  };
  standIn.oauth!.signedIn = USERS.redactrice;
  standIn.oauth!.authorized = new Set(['redactrice', 'lectrice', 'inconnue']);
  standIn.oauth!.requests.length = 0;
});

const get = (path: string, cookie?: string) =>
  worker.fetch(new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), env);

/** /admin/auth, then GitHub's authorize page: the callback's address and the browser's cookie. */
async function startSignin() {
  const auth = await get('/admin/auth?provider=github&site_id=www.agence.example&scope=repo');
  const cookie = auth.headers.get('Set-Cookie')!.split(';')[0];
  const authorizeUrl = new URL(auth.headers.get('Location')!);
  // GitHub sends a user who has already consented straight back (a consent page otherwise).
  const github = await fetch(authorizeUrl, { redirect: 'manual' });
  const back = github.headers.get('Location');
  return { auth, cookie, authorizeUrl, callback: new URL(back ?? authorizeUrl) };
}

const exchanges = () =>
  standIn.oauth!.requests.filter(({ path }) => path === '/login/oauth/access_token');

describe('the editor’s sign-in Worker', () => {
  it('sends the browser to GitHub with a state in an HttpOnly cookie and PKCE', async () => {
    const { auth, cookie } = await startSignin();
    expect(auth.status).toBe(302);
    const location = new URL(auth.headers.get('Location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${standIn.url}/login/oauth/authorize`);
    const params = Object.fromEntries(location.searchParams);
    expect(Object.keys(params).sort()).toEqual(
      ['client_id', 'code_challenge', 'code_challenge_method', 'redirect_uri', 'state'].sort(),
    );
    expect(params).toMatchObject({
      client_id: APP.clientId,
      redirect_uri: `${SITE}/admin/callback`,
      code_challenge_method: 'S256',
    });
    const [state, verifier] = cookie.replace('cms-signin=', '').split('.');
    expect(params.state).toBe(state);
    expect(params.code_challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
    expect(auth.headers.get('Set-Cookie')).toMatch(
      /; Max-Age=600; Path=\/admin; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(standIn.violations).toEqual([]);
  });

  it('hands a collaborator’s token to the popup page and clears the cookie', async () => {
    const { cookie, callback } = await startSignin();
    const page = await get(`${callback.pathname}${callback.search}`, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    const token = /"token\\?":\\?"(ghu_[\w-]+)/.exec(html)?.[1];
    expect(token, html).toBeDefined();
    expect(page.headers.get('Set-Cookie')).toMatch(/^cms-signin=; Max-Age=0; Path=\/admin/);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    expect(page.headers.get('Cross-Origin-Opener-Policy')).toBeNull();
    expect(exchanges()).toEqual([
      {
        path: '/login/oauth/access_token',
        params: {
          client_id: APP.clientId,
          code: callback.searchParams.get('code'),
          redirect_uri: `${SITE}/admin/callback`,
          code_verifier: cookie.split('.')[1],
        },
      },
    ]);
    expect(standIn.violations).toEqual([]);
    // The first answer of GET /repos/{owner}/{repo} compiles GitHub's large repository schema.
  }, 60_000);

  it('refuses a forged state before asking GitHub for a token', async () => {
    const { callback } = await startSignin();
    const forged = new URL(callback);
    for (const cookie of [undefined, 'cms-signin=autre.verifier']) {
      const page = await get(`${forged.pathname}${forged.search}`, cookie);
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(MESSAGES.forgedState);
    }
    expect(exchanges()).toEqual([]);
  });

  it('refuses without its client secret: a French page, not a crash', async () => {
    delete env.CMS_GITHUB_CLIENT_SECRET;
    for (const path of ['/admin/auth?provider=github', '/admin/callback?code=x&state=y']) {
      const page = await get(path, 'cms-signin=y.v');
      expect(page.status).toBe(503);
      expect(page.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      expect(html).toContain(MESSAGES.notConfigured);
      expect(html).toContain('authorization:github:error:');
    }
    expect(standIn.oauth!.requests).toEqual([]);
  });

  it.each([
    ['denied consent', 'denied', (): void => undefined],
    [
      'a wrong client secret',
      'wrongClient',
      (): void => void (env.CMS_GITHUB_CLIENT_SECRET = 'faux'),
    ],
    [
      'a user without access',
      'noAccess',
      (): void => void (standIn.oauth!.signedIn = USERS.inconnue),
    ],
    ['a read-only user', 'readOnly', (): void => void (standIn.oauth!.signedIn = USERS.lectrice)],
  ] as const)('ends %s on its French message', async (_, message, arrange) => {
    arrange();
    if (message === 'denied') standIn.oauth!.authorized.delete('redactrice');
    const { cookie, callback, authorizeUrl } = await startSignin();
    let target = callback;
    if (message === 'denied') {
      const consent = Object.fromEntries(authorizeUrl.searchParams);
      const page = await fetch(`${standIn.url}/login/oauth/authorize`, {
        method: 'POST',
        redirect: 'manual',
        body: new URLSearchParams({ ...consent, authorize: '0' }),
      });
      target = new URL(page.headers.get('Location')!);
      expect(target.searchParams.get('error')).toBe('access_denied');
    }
    const page = await get(`${target.pathname}${target.search}`, cookie);
    const html = await page.text();
    expect(html).toContain(MESSAGES[message]);
    expect(html).not.toMatch(/ghu_/);
  });

  it('ends an expired or reused code on its French message', async () => {
    const { cookie, callback } = await startSignin();
    expect((await get(`${callback.pathname}${callback.search}`, cookie)).status).toBe(200);
    const again = await get(`${callback.pathname}${callback.search}`, cookie);
    expect(await again.text()).toContain(MESSAGES.expiredCode);
  });

  it('leaves every other path to the static assets', async () => {
    assets.length = 0;
    expect(await (await get('/admin/')).text()).toBe('asset');
    expect(assets).toEqual([`${SITE}/admin/`]);
  });

  it('has its messages quoted word for word in CONTENT.md', () => {
    const guide = readFileSync('CONTENT.md', 'utf8').replace(/\s+/g, ' ');
    for (const key of ['denied', 'noAccess', 'readOnly'] as const) {
      const firstSentence = MESSAGES[key].slice(0, MESSAGES[key].indexOf('.') + 1);
      expect(guide).toContain(`« ${firstSentence} »`);
    }
  });
});
