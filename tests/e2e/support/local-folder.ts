/**
 * A folder on disk offered to the page as the one the browser's directory picker would return.
 * Sveltia CMS edits a local repository through `window.showDirectoryPicker()` (File System Access
 * API), whose dialog Playwright cannot drive: this replaces the picker, before any page script runs,
 * with directory and file handles (folder-handles.ts) whose reads and writes go to `root` through
 * functions exposed to the page. Only the handle methods the standard defines are implemented; paths
 * never leave `root`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { pickerScript } from './folder-handles';

/** What the page may ask of the folder; every path is relative to the folder. */
function folderApi(root: string) {
  const at = (path: string) => {
    const full = resolve(root, path);
    const inside = relative(root, full);
    if (inside.startsWith('..')) throw new Error(`outside the folder: ${path}`);
    return full;
  };
  const kind = (path: string) => {
    try {
      return statSync(at(path)).isDirectory() ? 'directory' : 'file';
    } catch {
      return null;
    }
  };
  return {
    kind,
    list: (path: string) =>
      readdirSync(at(path), { withFileTypes: true }).map((entry) => ({
        name: entry.name,
        kind: entry.isDirectory() ? 'directory' : 'file',
      })),
    read: (path: string) => ({
      base64: readFileSync(at(path)).toString('base64'),
      lastModified: statSync(at(path)).mtimeMs,
    }),
    write: (path: string, base64: string) => {
      mkdirSync(dirname(at(path)), { recursive: true });
      writeFileSync(at(path), Buffer.from(base64, 'base64'));
    },
    mkdir: (path: string) => mkdirSync(at(path), { recursive: true }),
    remove: (path: string, recursive: boolean) => rmSync(at(path), { recursive }),
    move: (from: string, to: string) => renameSync(at(from), at(to)),
  };
}

export type FolderApi = ReturnType<typeof folderApi>;

/** Makes `page`'s directory picker return `root` (call before the page loads). */
export async function offerFolder(page: Page, root: string) {
  const api = folderApi(root);
  for (const [name, run] of Object.entries(api))
    await page.exposeFunction(`__folder_${name}`, run as (...args: unknown[]) => unknown);
  await page.addInitScript({ content: pickerScript(root.split('/').pop() ?? 'site') });
}

const require = createRequire(import.meta.url);
const SVELTIA = join(dirname(require.resolve('@sveltia/cms')), '..');
const { version: SVELTIA_VERSION } = JSON.parse(
  readFileSync(join(SVELTIA, 'package.json'), 'utf8'),
);

/**
 * What the editor loads from public CDNs, answered from the same npm packages in node_modules (the
 * tests run offline): its French strings and version file from unpkg.com (the installed version's
 * own files), its interface fonts from cdn.jsdelivr.net (fontsource files; a font not installed is
 * answered 404 and the browser falls back), and GitHub's incident feed as « no incident ». Any other
 * outside request fails the test through the console error it logs.
 */
export async function serveEditorCdn(page: Page) {
  await page.route('https://www.githubstatus.com/api/v2/status.json', (route) =>
    route.fulfill({ json: { status: { indicator: 'none' } } }),
  );
  await page.route('https://unpkg.com/@sveltia/cms/package.json', (route) =>
    route.fulfill({ path: join(SVELTIA, 'package.json') }),
  );
  await page.route(`https://unpkg.com/@sveltia/cms@${SVELTIA_VERSION}/locales/*.json`, (route) =>
    route.fulfill({
      path: join(SVELTIA, 'locales', new URL(route.request().url()).pathname.split('/').pop()!),
    }),
  );
  // https://cdn.jsdelivr.net/fontsource/fonts/<family>[:vf]@<version>/<subset>.woff2
  await page.route('https://cdn.jsdelivr.net/fontsource/fonts/**', (route) => {
    const [family, file] = new URL(route.request().url()).pathname.split('/').slice(3);
    const name = family.replace(/(:vf)?@.*$/, '');
    const scope = family.includes(':vf') ? '@fontsource-variable' : '@fontsource';
    const path = join('node_modules', scope, name, 'files', `${name}-${file}`);
    return existsSync(path)
      ? route.fulfill({
          path,
          contentType: 'font/woff2',
          headers: { 'Access-Control-Allow-Origin': '*' },
        })
      : route.fulfill({ status: 404, headers: { 'Access-Control-Allow-Origin': '*' } });
  });
}
