// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import mdx from '@astrojs/mdx';
import tailwindcss from '@tailwindcss/vite';

/**
 * The public address of the site: feeds canonical URLs, Open Graph URLs, the sitemap and robots.txt.
 * Set SITE_URL when building for production; the default is a placeholder.
 */
const site = process.env.SITE_URL ?? 'https://www.agence-exemple.fr';

export default defineConfig({
  site,
  output: 'static',
  // Separate caches let parallel builds (e.g. two test runs) coexist; default is Astro's own.
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  trailingSlash: 'never',
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), mdx(), sitemap({ filter: (page) => !page.includes('/404') })],
  vite: { plugins: [tailwindcss()] },
});
