/**
 * The page's side of local-folder.ts: the directory picker and the file and directory handles it
 * returns, as the File System Access API defines them, whose reads and writes call the functions
 * local-folder.ts exposes to the page. Each function here runs in the page, written out as its
 * source (`pickerScript`): it uses only its parameters and the page's own globals.
 */
import type { FolderApi } from './local-folder';

type FolderCall = <K extends keyof FolderApi>(
  method: K,
  ...args: Parameters<FolderApi[K]>
) => Promise<ReturnType<FolderApi[K]>>;
type Join = (dir: string, child: string) => string;

/**
 * What every handle is: data of its own only (name, kind, path), so the editor can store it in
 * IndexedDB as it stores real ones; its methods live on the prototypes.
 */
function handleClass() {
  return class Handle {
    constructor(
      public name: string,
      public path: string,
    ) {}
    async isSameEntry(other: { path?: string }) {
      return other?.path === this.path;
    }
    async queryPermission() {
      return 'granted';
    }
    async requestPermission() {
      return 'granted';
    }
  };
}
type HandleClass = ReturnType<typeof handleClass>;

function fileHandleClass(Handle: HandleClass, call: FolderCall, join: Join) {
  const toBase64 = async (blob: Blob) => {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  };
  return class FileHandle extends Handle {
    kind = 'file' as const;
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
    async move(parent: { path: string } | string, newName?: string) {
      const [dir, name] =
        typeof parent === 'string'
          ? [this.path.split('/').slice(0, -1).join('/'), parent]
          : [parent.path, newName!];
      const to = join(dir, name);
      await call('move', this.path, to);
      Object.assign(this, { name, path: to });
    }
  };
}
type FileHandleClass = ReturnType<typeof fileHandleClass>;

function directoryHandleClass(
  Handle: HandleClass,
  FileHandle: FileHandleClass,
  call: FolderCall,
  join: Join,
) {
  const missing = (path: string) =>
    new DOMException(`A requested file or directory could not be found: ${path}`, 'NotFoundError');
  const mismatch = (path: string) =>
    new DOMException(`The path is not of the kind asked for: ${path}`, 'TypeMismatchError');
  /** The path of `name` in `dir`, of kind `want`: made when `create`, else it must exist. */
  const child = async (dir: string, name: string, want: 'file' | 'directory', create?: boolean) => {
    const path = join(dir, name);
    const kind = await call('kind', path);
    if (kind && kind !== want) throw mismatch(path);
    if (!kind) {
      if (!create) throw missing(path);
      await (want === 'directory' ? call('mkdir', path) : call('write', path, ''));
    }
    return path;
  };
  return class DirectoryHandle extends Handle {
    kind = 'directory' as const;
    async *entries(): AsyncGenerator<[string, InstanceType<FileHandleClass> | DirectoryHandle]> {
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
      return new DirectoryHandle(name, await child(this.path, name, 'directory', options?.create));
    }
    async getFileHandle(name: string, options?: { create?: boolean }) {
      return new FileHandle(name, await child(this.path, name, 'file', options?.create));
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
  };
}

/** Replaces the page's directory picker with one that returns the folder `name`. */
function installPicker(
  name: string,
  handles: typeof handleClass,
  files: typeof fileHandleClass,
  directories: typeof directoryHandleClass,
) {
  const call: FolderCall = (method, ...args) =>
    (window as unknown as Record<string, (...a: unknown[]) => Promise<never>>)[
      `__folder_${method}`
    ](...args);
  const join: Join = (dir, child) => (dir ? `${dir}/${child}` : child);
  const Handle = handles();
  const DirectoryHandle = directories(Handle, files(Handle, call, join), call, join);
  Object.defineProperty(window, 'showDirectoryPicker', {
    configurable: true,
    value: async () => new DirectoryHandle(name, ''),
  });
}

/** The script, run before any of the page's own, that makes its picker return the folder `name`. */
export const pickerScript = (name: string) =>
  `(${installPicker})(${JSON.stringify(name)}, ${handleClass}, ${fileHandleClass}, ${directoryHandleClass})`;
