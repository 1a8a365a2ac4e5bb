// Build step: writes dist/_headers from public/_headers, filling the Content-Security-Policy placeholders
// from what was actually built, so the policy never drifts from the site:
//   {script-hashes}   SHA-256 of every inline <script> in the built pages (Astro's island bootstrap…)
//   {supabase-origin} origin of the Supabase API the pages talk to (PUBLIC_SUPABASE_URL or the local stand-in)
//   {booking-origin}  origin of the booking widget framed on the home and contact pages
//   {captcha-origin}  Cloudflare Turnstile, only when PUBLIC_TURNSTILE_SITE_KEY is set (else removed)
//   {cms-proxy-origin} origin of the editor's local proxy (decap-server), allowed on /admin only
//   {form-endpoint}   URL the forms post to without JavaScript (form-action)
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * CSP source expressions ('sha256-…') for the inline scripts of one HTML document. Data blocks such as
 * JSON-LD are not scripts the browser runs, so they need no hash.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\ssrc=|application\/ld\+json/.test(attributes))
    .map(([, , body]) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`);
}

/**
 * Fills the placeholders of a `_headers` template.
 * @param {string} template
 * @param {{ scriptHashes: string[], supabaseOrigin: string, bookingOrigin: string, captchaOrigin?: string, cmsProxyOrigin?: string, formEndpoint?: string }} values
 */
export function fillHeaders(
  template,
  {
    scriptHashes,
    supabaseOrigin,
    bookingOrigin,
    captchaOrigin,
    cmsProxyOrigin = '',
    formEndpoint = '',
  },
) {
  const fill = (line) =>
    line
      .replaceAll(' {captcha-origin}', captchaOrigin ? ` ${captchaOrigin}` : '')
      .replaceAll('{script-hashes}', [...new Set(scriptHashes)].sort().join(' '))
      .replaceAll('{supabase-origin}', supabaseOrigin)
      .replaceAll('{booking-origin}', bookingOrigin)
      .replaceAll('{cms-proxy-origin}', cmsProxyOrigin)
      .replaceAll('{form-endpoint}', formEndpoint);
  return template
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : fill(line)))
    .join('\n');
}

async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * @param {{ supabaseUrl: string, bookingUrl: string, captchaOrigin?: string, cmsProxyUrl?: string, formEndpoint?: string }} origins URLs whose origins the policy allows (formEndpoint: a whole URL)
 * @returns {import('astro').AstroIntegration}
 */
export default function securityHeaders({
  supabaseUrl,
  bookingUrl,
  captchaOrigin,
  cmsProxyUrl,
  formEndpoint,
}) {
  return {
    name: 'security-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const file = join(out, '_headers');
        const template = await readFile(file, 'utf8');
        const scriptHashes = [];
        for (const page of await htmlFiles(out))
          scriptHashes.push(...inlineScriptHashes(await readFile(page, 'utf8')));
        const headers = fillHeaders(template, {
          scriptHashes,
          supabaseOrigin: new URL(supabaseUrl).origin,
          bookingOrigin: new URL(bookingUrl).origin,
          captchaOrigin,
          cmsProxyOrigin: cmsProxyUrl ? new URL(cmsProxyUrl).origin : '',
          formEndpoint,
        });
        await writeFile(file, headers);
        logger.info(`_headers: CSP with ${new Set(scriptHashes).size} inline-script hashes`);
      },
    },
  };
}
