// The visual editor at /admin (Decap CMS, self-hosted from npm). Its page (src/cms/admin.html) and the
// Decap bundle are served by `astro dev` and copied into the build under admin/; its configuration is
// the route src/pages/admin/config.yml.ts. Nothing is added to the public pages.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PAGE = fileURLToPath(new URL('../cms/admin.html', import.meta.url));
const BUNDLE = join(
  dirname(createRequire(import.meta.url).resolve('decap-cms/package.json')),
  'dist',
);

/** Whether a file of Decap's dist/ folder belongs in the build (the bundle, its chunks and wasm). */
export const isBundleFile = (name) =>
  /^(?:\d+\.)?decap-cms\.js(?:\.LICENSE\.txt)?$|\.wasm$/.test(name);

const TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** @returns {import('astro').AstroIntegration} */
export default function decapCms() {
  return {
    name: 'decap-cms',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const path = new URL(req.url ?? '/', 'http://localhost').pathname;
          const file = /^\/admin\/?$/.test(path)
            ? PAGE
            : path.startsWith('/admin/') && isBundleFile(path.slice(7))
              ? join(BUNDLE, path.slice(7))
              : null;
          if (!file) return next();
          res.setHeader('Content-Type', TYPES[extname(file)]);
          createReadStream(file).on('error', next).pipe(res);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = join(fileURLToPath(dir), 'admin');
        await mkdir(out, { recursive: true });
        await copyFile(PAGE, join(out, 'index.html'));
        const files = (await readdir(BUNDLE)).filter(isBundleFile);
        await Promise.all(files.map((name) => copyFile(join(BUNDLE, name), join(out, name))));
        logger.info(`admin/: editor page and ${files.length} Decap CMS files`);
      },
    },
  };
}
