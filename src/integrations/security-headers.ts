// Post-build step (src/integrations/post-build.ts): dist/_headers from public/_headers, its
// Content-Security-Policy filled from what was built, so the policy never drifts from the site.
import { createHash } from 'node:crypto';
import { DomUtils, parseDocument } from 'htmlparser2';
import { normalizePath } from '../lib/seo/seo';

/** Hashes as one sorted list without repeats. */
const hashList = (hashes: Iterable<string>) => [...new Set(hashes)].filter(Boolean).sort();

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
      .replaceAll('{script-hashes}', hashList(scriptHashes).join(' '))
      .replaceAll('{supabase-origin}', supabaseOrigin)
      .replaceAll('{booking-origin}', bookingOrigin)
      .replaceAll('{form-endpoint}', formEndpoint);
  return template
    .split('\n')
    .map((line) => (line.trimStart().startsWith('#') ? line : fill(line)))
    .join('\n');
}

/** Rules the host reads from `_headers` at most (docs/deploying.md, « Security headers »). */
export const HOST_HEADER_RULES = 100;

/** The page the host sends at any unknown address (`not_found_handling`, wrangler.jsonc). */
const NOT_FOUND = '404.html';

/** The folders above an address, shortest first: `/blog/categorie/a` → `/blog/`, `/blog/categorie/`. */
const foldersOf = (url: string) =>
  [...url.matchAll(/\//g)].slice(1).map((slash) => url.slice(0, (slash.index ?? 0) + 1));

/**
 * Which inline scripts each address's policy allows, so that a page allows only the scripts it runs.
 * The hashes most pages carry (the layout's scripts) and the 404 page's (sent at any unknown address)
 * go in the policy every page gets (`base`). A page carrying more (an island's runtime) gets a rule
 * of its own (`rules`, by address), or its folder does (`/blog/*`) when every page in it needs the
 * same. A page carrying fewer (the editor, whose policy is its own) needs no rule.
 */
export function scriptRules(pages: ReadonlyMap<string, string>): {
  base: string[];
  rules: Map<string, string[]>;
} {
  // Each page's hashes by address, as one string to count and compare.
  const scripts = new Map(
    [...pages]
      .filter(([file]) => file !== NOT_FOUND)
      .map(([file, html]) => [
        normalizePath(`/${file}`),
        hashList(inlineScriptHashes(html)).join(' '),
      ]),
  );
  const counts = new Map<string, number>();
  for (const list of scripts.values()) counts.set(list, (counts.get(list) ?? 0) + 1);
  const [mostPages = ''] =
    [...counts].sort(([a, m], [b, n]) => n - m || a.localeCompare(b))[0] ?? [];
  const base = hashList([
    ...mostPages.split(' '),
    ...inlineScriptHashes(pages.get(NOT_FOUND) ?? ''),
  ]);
  const needs = new Map<string, string>();
  for (const [url, list] of scripts) {
    const need = hashList([...base, ...list.split(' ')]);
    if (need.length > base.length) needs.set(url, need.join(' '));
  }
  const rules = new Map<string, string>();
  const covered = new Set<string>();
  const folders = [...new Set([...needs.keys()].flatMap(foldersOf))].sort(
    (a, b) => a.length - b.length,
  );
  for (const folder of folders) {
    const inside = [...scripts.keys()].filter((url) => url.startsWith(folder));
    const kinds = new Set(inside.map((url) => needs.get(url)));
    if (inside.length > 1 && kinds.size === 1 && !inside.some((url) => covered.has(url))) {
      rules.set(`${folder}*`, needs.get(inside[0])!);
      for (const url of inside) covered.add(url);
    }
  }
  for (const [url, need] of needs) if (!covered.has(url)) rules.set(url, need);
  return { base, rules: new Map([...rules].map(([url, need]) => [url, need.split(' ')])) };
}

/**
 * Post-build step (src/integrations/post-build.ts): the `_headers` file for the built pages: the
 * template filled for every page, then a rule for each page or folder whose inline scripts go beyond
 * it ({@link scriptRules}), its policy the template's with those scripts'.
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
  const { base, rules } = scriptRules(pages);
  const values = {
    supabaseOrigin: new URL(supabaseUrl).origin,
    bookingOrigin: new URL(bookingUrl).origin,
    captchaOrigin,
    editorApiOrigin,
    formEndpoint,
  };
  const policies = template
    .split('\n')
    .filter((line) => /^\s+Content-Security-Policy:.*\{script-hashes\}/.test(line));
  if (policies.length !== 1)
    throw new Error(
      `public/_headers: expected one Content-Security-Policy with {script-hashes}, found ${policies.length}`,
    );
  const pageRules = [...rules].map(([url, scriptHashes]) =>
    [
      url,
      '  ! Content-Security-Policy',
      fillHeaders(policies[0], { ...values, scriptHashes }),
    ].join('\n'),
  );
  const filled = fillHeaders(template, { ...values, scriptHashes: base });
  const headers = pageRules.length
    ? `${filled.trimEnd()}\n\n# The pages whose inline scripts go beyond those above (src/integrations/security-headers.ts).\n${pageRules.join('\n')}\n`
    : filled;
  const count = headers.split('\n').filter((line) => /^[^\s#]/.test(line)).length;
  if (count > HOST_HEADER_RULES)
    throw new Error(
      `_headers: ${count} rules, the host reads at most ${HOST_HEADER_RULES}: too many pages need inline scripts of their own`,
    );
  return headers;
}
