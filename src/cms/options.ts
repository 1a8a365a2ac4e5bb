import type { CmsOptions } from './config';

/** Port of the local editor proxy (`decap-server`) when CMS_PROXY_PORT is not set. */
export const DEFAULT_CMS_PROXY_PORT = 8081;

/**
 * The editor's settings from the environment: CMS_PROXY_PORT (local proxy), CMS_GITHUB_REPO
 * (`owner/name`), CMS_GITHUB_BRANCH (default `main`), CMS_AUTH_URL (OAuth provider origin).
 * @param env process environment (or Astro's merged env)
 * @param siteUrl the site's public URL
 */
export function cmsOptions(env: Record<string, string | undefined>, siteUrl: string): CmsOptions {
  return {
    siteUrl,
    proxyPort: Number(env.CMS_PROXY_PORT) || DEFAULT_CMS_PROXY_PORT,
    repo: env.CMS_GITHUB_REPO || 'agence-exemple/site',
    branch: env.CMS_GITHUB_BRANCH || 'main',
    authUrl: env.CMS_AUTH_URL || undefined,
  };
}
