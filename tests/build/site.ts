import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { request as httpRequest } from 'node:http';
import { gzipSync } from 'node:zlib';

import { normalizePath } from '../../src/lib/seo/seo';
import { TEST_DIST as DIST } from '../../scripts/lib/test-ports.mjs';

export { DIST };

if (!existsSync(DIST)) {
  throw new Error(
    `${DIST}/ is missing: run \`npm test\` (it builds the site) or \`astro build --outDir ${DIST}\`.`,
  );
}

/** Folder of the visual editor (/admin): built, but no public page (see tests/build/admin.test.ts). */
export const ADMIN_DIR = join(DIST, 'admin');

/** Every built public HTML page, as { route, file, html } (the editor under admin/ excluded). */
export function builtPages() {
  const pages: { route: string; file: string; html: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (path !== ADMIN_DIR) walk(path);
      } else if (entry.name.endsWith('.html')) {
        const route = normalizePath(`/${relative(DIST, path)}`);
        pages.push({ route, file: path, html: readFileSync(path, 'utf8') });
      }
    }
  };
  walk(DIST);
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}

export const gzipSize = (data: string | Buffer) => gzipSync(data, { level: 9 }).length;

/**
 * `html` without its `<template>` elements, whose content is inert: the header's search preloads
 * (src/components/layout/SiteHeader.astro) load nothing until the visitor shows an intent.
 */
export const activeHtml = (html: string) => html.replace(/<template\b[\s\S]*?<\/template>/g, '');

const STATIC_IMPORT = /(?:import|export)\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g;

/**
 * The JavaScript a page loads before any interaction: its module scripts, island components and
 * renderers, and everything they import statically (dynamic `import()` excluded), plus inline scripts.
 */
export function initialJavaScript(page: string) {
  const html = activeHtml(page);
  const entry = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) entry.add(match[1]);
  for (const match of html.matchAll(
    /\s(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g,
  )) {
    if (match[1]) entry.add(match[1]);
  }
  for (const match of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g))
    entry.add(match[1]);

  const files = new Map<string, number>();
  const visit = (url: string) => {
    if (files.has(url) || !url.startsWith('/')) return;
    const source = readFileSync(join(DIST, url), 'utf8');
    files.set(url, gzipSize(source));
    for (const match of source.matchAll(STATIC_IMPORT)) {
      visit(new URL(match[1], `http://x${url}`).pathname);
    }
  };
  entry.forEach(visit);

  const inline = [
    ...html.matchAll(
      /<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
    ),
  ]
    .map((match) => match[1])
    .join('\n');
  return { files, inlineGzip: inline ? gzipSize(inline) : 0 };
}

/**
 * A page as the host sends it to a browser that accepts brotli: the status line and header lines
 * (HTTP/1.1 framing, each line ending in CRLF, the blank line included) and the body still encoded.
 */
export function fetchAsSent(
  origin: string,
  path: string,
): Promise<{ status: number; headers: Record<string, string>; headerBytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(new URL(path, origin), { headers: { 'Accept-Encoding': 'br' } });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        resolve({
          status: response.statusCode ?? 0,
          headers: Object.fromEntries(
            Object.entries(response.headers).map(([name, value]) => [name, String(value)]),
          ),
          headerBytes: Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`),
          body: Buffer.concat(chunks),
        });
      });
    });
    request.end();
  });
}
