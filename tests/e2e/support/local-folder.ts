/**
 * A folder on disk offered to the page as the one the browser's directory picker would return.
 * Sveltia CMS edits a local repository through `window.showDirectoryPicker()` (File System Access
 * API), whose dialog Playwright cannot drive: this replaces the picker, before any page script runs,
 * with directory and file handles whose reads and writes go to `root` through functions exposed to
 * the page. Only the handle methods the standard defines are implemented; paths never leave `root`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import type { Page } from '@playwright/test';

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

type FolderApi = ReturnType<typeof folderApi>;

/** Makes `page`'s directory picker return `root` (call before the page loads). */
export async function offerFolder(page: Page, root: string) {
  const api = folderApi(root);
  for (const [name, run] of Object.entries(api))
    await page.exposeFunction(`__folder_${name}`, run as (...args: unknown[]) => unknown);
  await page.addInitScript(
    ({ name }) => {
      const call = <K extends keyof FolderApi>(method: K, ...args: Parameters<FolderApi[K]>) =>
        (
          window as unknown as Record<
            string,
            (...a: unknown[]) => Promise<ReturnType<FolderApi[K]>>
          >
        )[`__folder_${method}`](...args);
      const join = (dir: string, child: string) => (dir ? `${dir}/${child}` : child);
      const missing = (path: string) =>
        new DOMException(
          `A requested file or directory could not be found: ${path}`,
          'NotFoundError',
        );
      const mismatch = (path: string) =>
        new DOMException(`The path is not of the kind asked for: ${path}`, 'TypeMismatchError');
      const toBase64 = async (blob: Blob) => {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000)
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      };

      // Handles keep only data of their own (name, kind, path), so the editor can store them in
      // IndexedDB as it stores real ones; their methods live on the prototypes.
      class FileHandle {
        kind = 'file' as const;
        constructor(
          public name: string,
          public path: string,
        ) {}
        async getFile() {
          const { base64, lastModified } = await call('read', this.path);
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          return new File([bytes], this.name, { lastModified });
        }
        async createWritable() {
          const parts: BlobPart[] = [];
          const path = this.path;
          return {
            async write(data: BlobPart | { type: 'write'; data: BlobPart }) {
              parts.push(
                typeof data === 'object' && data && 'type' in data && 'data' in data
                  ? data.data
                  : (data as BlobPart),
              );
            },
            async close() {
              await call('write', path, await toBase64(new Blob(parts)));
            },
            async abort() {},
          };
        }
        async move(parent: DirectoryHandle | string, newName?: string) {
          const [dir, name] =
            typeof parent === 'string'
              ? [this.path.split('/').slice(0, -1).join('/'), parent]
              : [parent.path, newName!];
          const to = join(dir, name);
          await call('move', this.path, to);
          Object.assign(this, { name, path: to });
        }
        async isSameEntry(other: { path?: string }) {
          return other?.path === this.path;
        }
        async queryPermission() {
          return 'granted';
        }
        async requestPermission() {
          return 'granted';
        }
      }

      class DirectoryHandle {
        kind = 'directory' as const;
        constructor(
          public name: string,
          public path: string,
        ) {}
        async *entries(): AsyncGenerator<[string, FileHandle | DirectoryHandle]> {
          for (const entry of await call('list', this.path))
            yield [
              entry.name,
              entry.kind === 'directory'
                ? new DirectoryHandle(entry.name, join(this.path, entry.name))
                : new FileHandle(entry.name, join(this.path, entry.name)),
            ];
        }
        async *keys() {
          for await (const [name] of this.entries()) yield name;
        }
        async *values() {
          for await (const [, handle] of this.entries()) yield handle;
        }
        [Symbol.asyncIterator]() {
          return this.entries();
        }
        async getDirectoryHandle(name: string, options?: { create?: boolean }) {
          const path = join(this.path, name);
          const kind = await call('kind', path);
          if (kind === 'file') throw mismatch(path);
          if (!kind) {
            if (!options?.create) throw missing(path);
            await call('mkdir', path);
          }
          return new DirectoryHandle(name, path);
        }
        async getFileHandle(name: string, options?: { create?: boolean }) {
          const path = join(this.path, name);
          const kind = await call('kind', path);
          if (kind === 'directory') throw mismatch(path);
          if (!kind) {
            if (!options?.create) throw missing(path);
            await call('write', path, '');
          }
          return new FileHandle(name, path);
        }
        async removeEntry(name: string, options?: { recursive?: boolean }) {
          const path = join(this.path, name);
          if (!(await call('kind', path))) throw missing(path);
          await call('remove', path, Boolean(options?.recursive));
        }
        async resolve(other: { path: string }) {
          if (other.path === this.path) return [];
          return other.path.startsWith(`${this.path}/`) || !this.path
            ? other.path.slice(this.path ? this.path.length + 1 : 0).split('/')
            : null;
        }
        async isSameEntry(other: { path?: string }) {
          return other?.path === this.path;
        }
        async queryPermission() {
          return 'granted';
        }
        async requestPermission() {
          return 'granted';
        }
      }

      Object.defineProperty(window, 'showDirectoryPicker', {
        configurable: true,
        value: async () => new DirectoryHandle(name, ''),
      });
    },
    { name: root.split('/').pop() ?? 'site' },
  );
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
