// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import mdx from '@astrojs/mdx';
import tailwindcss from '@tailwindcss/vite';
import { loadEnv } from 'vite';
import { readFileSync } from 'node:fs';
import securityHeaders from './src/integrations/security-headers.mjs';
import ogImages from './src/integrations/og-images.ts';
import decapCms from './src/integrations/decap-cms.mjs';
import { cmsOptions } from './src/cms/options.ts';
import { resolveSupabaseConfig } from './src/lib/supabase-config.ts';

// The same variables the pages read (process environment and .env files).
const env = { ...loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), ''), ...process.env };

/**
 * The public address of the site: feeds canonical URLs, Open Graph URLs, the sitemap and robots.txt.
 * Set SITE_URL when building for production; the default is a placeholder.
 */
const site = env.SITE_URL ?? 'https://www.agence-exemple.fr';

/** The booking page: PUBLIC_BOOKING_URL (tests, staging) or `bookingUrl` in the site settings. */
const bookingUrl =
  env.PUBLIC_BOOKING_URL ||
  readFileSync('src/content/settings/site.yaml', 'utf8').match(
    /^bookingUrl:\s*['"]?([^'"\s#]+)/m,
  )?.[1];
if (!bookingUrl)
  throw new Error('src/content/settings/site.yaml: bookingUrl is missing (the booking page URL).');

export default defineConfig({
  site,
  output: 'static',
  // Separate caches let parallel builds (e.g. two test runs) coexist; default is Astro's own.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [
    react(),
    mdx(),
    // Not in the sitemap: the 404, the newsletter link result pages (noindex) and the editor (/admin).
    sitemap({
      filter: (page) =>
        !/\/404\/?$/.test(page) &&
        !page.includes('/newsletter/') &&
        !new URL(page).pathname.startsWith('/admin'),
    }),
    ogImages(),
    decapCms(),
    securityHeaders({
      supabaseUrl: resolveSupabaseConfig(env).url,
      bookingUrl,
      // Optional Cloudflare Turnstile on the contact form (README, "Contact pipeline").
      captchaOrigin: env.PUBLIC_TURNSTILE_SITE_KEY
        ? 'https://challenges.cloudflare.com'
        : undefined,
      cmsProxyUrl: `http://localhost:${cmsOptions(env, site).proxyPort}`,
    }),
  ],
  vite: { plugins: [tailwindcss()] },
});
