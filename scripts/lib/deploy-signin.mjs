// « Se connecter avec GitHub » in a deploy (docs/deploying.md, « Sign-in with GitHub »): production
// refuses the button (CMS_GITHUB_CLIENT_ID) without its client secret, and the site's Worker gets the
// client ID and the repository as variables, the secret as a Worker secret (src/worker/signin.ts).
import { value } from './deploy-variables.mjs';

/**
 * What stops a production deploy whose editor has the button but whose Worker could not sign in:
 * one English line, or none. Previews offer the token only and are never refused for it.
 * @param {Record<string, string | undefined>} env
 * @param {'production' | 'preview'} target
 * @returns {string[]}
 */
export function signinProblems(env, target) {
  if (target !== 'production' || !value(env, 'CMS_GITHUB_CLIENT_ID')) return [];
  const missing = ['CMS_GITHUB_CLIENT_SECRET', 'CMS_GITHUB_REPO'].filter(
    (name) => !value(env, name),
  );
  return missing.length
    ? [
        `CMS_GITHUB_CLIENT_ID is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not: « Se connecter avec GitHub » would fail; set ${missing.length > 1 ? 'them' : 'it'} or unset CMS_GITHUB_CLIENT_ID.`,
      ]
    : [];
}

/**
 * The `wrangler deploy` arguments that give the Worker its sign-in settings, and the secret to upload
 * with them (`--secrets-file`); nothing when the button is not configured.
 * @param {Record<string, string | undefined>} env
 * @returns {{ args: string[], secrets?: Record<string, string> }}
 */
export function signinDeploy(env) {
  const clientId = value(env, 'CMS_GITHUB_CLIENT_ID');
  if (!clientId) return { args: [] };
  return {
    args: [
      '--var',
      `CMS_GITHUB_CLIENT_ID:${clientId}`,
      '--var',
      `CMS_GITHUB_REPO:${value(env, 'CMS_GITHUB_REPO')}`,
    ],
    secrets: { CMS_GITHUB_CLIENT_SECRET: value(env, 'CMS_GITHUB_CLIENT_SECRET') },
  };
}
