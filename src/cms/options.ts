import type { CmsOptions } from './config';

/**
 * The editor's settings from the environment: CMS_GITHUB_REPO (`owner/name`), CMS_GITHUB_BRANCH
 * (the branch drafts are merged into, default `main`); CMS_GITHUB_CLIENT_ID, the GitHub App whose
 * « Se connecter avec GitHub » the site's Worker serves (unset: the token only; previews leave it
 * unset); CMS_GITHUB_API_ROOT, for the tests only: the origin of the GitHub stand-in the editor
 * talks to instead of api.github.com (unset in production); CMS_SIGNIN_ORIGIN, for the tests only:
 * the origin serving the sign-in (default: the site's).
 * @param env process environment (or Astro's merged env)
 * @param siteUrl the site's public URL
 */
export function cmsOptions(env: Record<string, string | undefined>, siteUrl: string): CmsOptions {
  return {
    siteUrl,
    repo: env.CMS_GITHUB_REPO || 'agence-exemple/site',
    branch: env.CMS_GITHUB_BRANCH || 'main',
    ...(env.CMS_GITHUB_API_ROOT && { apiRoot: new URL(env.CMS_GITHUB_API_ROOT).origin }),
    ...(env.CMS_GITHUB_CLIENT_ID?.trim() && {
      signinOrigin: new URL(env.CMS_SIGNIN_ORIGIN || siteUrl).origin,
    }),
  };
}
