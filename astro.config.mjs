// @ts-check
import { defineConfig, fontProviders } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import mdx from '@astrojs/mdx';
import { satteri } from '@astrojs/markdown-satteri';
import tailwindcss from '@tailwindcss/vite';
import browserslistToEsbuild from 'browserslist-to-esbuild';
import { loadEnv } from 'vite';
import { readFileSync } from 'node:fs';
import ogImages from './src/integrations/og-images.ts';
import toolLogos from './src/integrations/tool-logos.ts';
import contentErrors from './src/integrations/content-errors.ts';
import editor from './src/integrations/editor.ts';
import postBuild from './src/integrations/post-build.ts';
import { formPostUrl, resolveSupabaseConfig } from './src/lib/contact/supabase-config.ts';
import { mdxPlaceholders } from './src/lib/content-pipeline/mdx-placeholders.ts';
import { articleImages } from './src/lib/content-pipeline/article-images.ts';
import { headingAnchors } from './src/lib/content-pipeline/heading-anchors.ts';
import { BRAND_FONT_WEIGHT, brandFontFile } from './src/lib/fonts/brand-font.ts';

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

/**
 * No `<link rel="modulepreload">` for the dependencies of a dynamic import (Vite's default, which
 * Astro's own build settings keep on): the browser has most of them already (React, the islands'
 * runtime), and Firefox fires an `error` event on each link to a module it has already loaded.
 * Vite's `configEnvironment` hook sets it for the browser's build, after Astro's settings.
 * @returns {import('vite').Plugin}
 */
function noModulePreload() {
  return {
    name: 'no-module-preload',
    configEnvironment: (name) =>
      name === 'client' ? { build: { modulePreload: false } } : undefined,
  };
}

export default defineConfig({
  site,
  output: 'static',
  // Separate caches let parallel builds (e.g. two test runs) coexist; default is Astro's own.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'never',
  // One linked stylesheet: the post-build step inlines in each page the rules it uses (page-css.ts).
  build: { format: 'file', inlineStylesheets: 'never' },
  // Astro's own Markdown processor, with the sizes of the photos in an article's text and the
  // headings' ids and anchor links.
  markdown: { processor: satteri({ hastPlugins: [articleImages, headingAnchors] }) },
  integrations: [
    react(),
    mdx(),
    // Not in the sitemap: the 404, the forms' and newsletter links' result pages and the search page
    // (noindex) and the editor (/admin).
    sitemap({
      filter: (page) =>
        !/\/404\/?$/.test(page) &&
        !page.includes('/newsletter/') &&
        !page.includes('/contact/') &&
        !/\/recherche$/.test(page) &&
        !new URL(page).pathname.startsWith('/admin'),
    }),
    ogImages(),
    toolLogos(),
    contentErrors(),
    editor(),
    // Share images, tool logos, per-page CSS, security headers: in that order (post-build.ts).
    postBuild({
      supabaseUrl: resolveSupabaseConfig(env).url,
      formEndpoint: formPostUrl(resolveSupabaseConfig(env)),
      bookingUrl,
      // Optional Cloudflare Turnstile on the contact form (docs/contact-pipeline.md).
      captchaOrigin: env.PUBLIC_TURNSTILE_SITE_KEY
        ? 'https://challenges.cloudflare.com'
        : undefined,
      // Tests only: the GitHub stand-in the test build's editor talks to (src/cms/options.ts).
      editorApiOrigin: env.CMS_GITHUB_API_ROOT
        ? new URL(env.CMS_GITHUB_API_ROOT).origin
        : undefined,
    }),
  ],
  // The display face (headings): Bricolage Grotesque cut to one weight and the French characters at
  // build time (src/lib/fonts/brand-font.ts; other characters fall back glyph by glyph, so no unicode-range
  // is needed), served from the site. Astro writes the @font-face and a metric-matched Arial fallback
  // (size-adjust, ascent/descent overrides). `optional`: a font that misses the first paint is never
  // swapped in (CLS 0). Preloaded on no page, used once cached: the first view fetches it after load
  // (docs/decisions/look.md#display-font-shown-once-cached-fetched-after-the-first-view).
  fonts: [
    {
      provider: fontProviders.local(),
      name: 'Bricolage Grotesque',
      cssVariable: '--font-brand',
      fallbacks: ['Arial', 'sans-serif'],
      display: 'optional',
      options: {
        variants: [
          {
            src: [await brandFontFile()],
            weight: String(BRAND_FONT_WEIGHT),
            style: 'normal',
          },
        ],
      },
    },
  ],
  vite: {
    plugins: [tailwindcss(), mdxPlaceholders(process.cwd(), site), noModulePreload()],
    // The CSS is written for the browsers `browserslist` in package.json names (the site's floor,
    // docs/decisions/look.md#the-browser-floor): Lightning CSS, Vite's CSS minifier, lowers what
    // they lack, `light-dark()` first (Tailwind leaves it as written).
    build: { cssTarget: browserslistToEsbuild() },
  },
});
