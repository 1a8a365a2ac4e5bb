// Post-build step (src/integrations/post-build.ts): dist/_headers from public/_headers, its
// Content-Security-Policy filled from what was built, so the policy never drifts from the site.
import { createHash } from 'node:crypto';
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * CSP source expressions ('sha256-…') for the inline scripts of one HTML document. Data blocks such as
 * JSON-LD are not scripts the browser runs, so they need no hash.
 */
export function inlineScriptHashes(html: string): string[] {
  const document = parseDocument(html, { decodeEntities: false });
  return DomUtils.findAll(
    (element) =>
      element.name === 'script' &&
      !('src' in element.attribs) &&
      element.attribs.type !== 'application/ld+json',
    document.children,
  ).map(
    (script) =>
      `'sha256-${createHash('sha256').update(DomUtils.textContent(script)).digest('base64')}'`,
  );
}

/**
 * Fills the placeholders of a `_headers` template:
 *   {script-hashes}   SHA-256 of every inline <script> in the built pages (Astro's island bootstrap…)
 *   {supabase-origin} origin of the Supabase API the pages talk to (PUBLIC_SUPABASE_URL or the local stand-in)
 *   {booking-origin}  origin of the booking widget framed on the home and contact pages
 *   {captcha-origin}  Cloudflare Turnstile, only when PUBLIC_TURNSTILE_SITE_KEY is set (else removed)
 *   {editor-api-origin} the GitHub stand-in the test build's editor talks to, only when
 *                     CMS_GITHUB_API_ROOT is set (tests; else removed: production talks to api.github.com)
 *   {form-endpoint}   URL the forms post to without JavaScript (form-action)
 */
export function fillHeaders(
  template: string,
  {
    scriptHashes,
    supabaseOrigin,
    bookingOrigin,
    captchaOrigin,
    editorApiOrigin,
    formEndpoint = '',
  }: {
    scriptHashes: string[];
    supabaseOrigin: string;
    bookingOrigin: string;
    captchaOrigin?: string;
    editorApiOrigin?: string;
    formEndpoint?: string;
  },
): string {
  const fill = (line: string) =>
    line
      .replaceAll(' {captcha-origin}', captchaOrigin ? ` ${captchaOrigin}` : '')
      .replaceAll(' {editor-api-origin}', editorApiOrigin ? ` ${editorApiOrigin}` : '')
      .replaceAll('{script-hashes}', [...new Set(scriptHashes)].sort().join(' '))
      .replaceAll('{supabase-origin}', supabaseOrigin)
      .replaceAll('{booking-origin}', bookingOrigin)
      .replaceAll('{form-endpoint}', formEndpoint);
  return template
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : fill(line)))
    .join('\n');
}

/**
 * Post-build step (src/integrations/post-build.ts): the `_headers` file for the built pages.
 * @param pages the built pages, by path under dist/
 * @param template the `_headers` template (public/_headers)
 * @param origins URLs whose origins the policy allows (formEndpoint: a whole URL)
 */
export function securityHeaders(
  pages: ReadonlyMap<string, string>,
  template: string,
  {
    supabaseUrl,
    bookingUrl,
    captchaOrigin,
    editorApiOrigin,
    formEndpoint,
  }: {
    supabaseUrl: string;
    bookingUrl: string;
    captchaOrigin?: string;
    editorApiOrigin?: string;
    formEndpoint?: string;
  },
): string {
  return fillHeaders(template, {
    scriptHashes: [...pages.values()].flatMap(inlineScriptHashes),
    supabaseOrigin: new URL(supabaseUrl).origin,
    bookingOrigin: new URL(bookingUrl).origin,
    captchaOrigin,
    editorApiOrigin,
    formEndpoint,
  });
}
