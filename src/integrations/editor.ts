// The visual editor at /admin (Sveltia CMS from npm): its page and bundle, served by `astro dev` and
// copied into the build under admin/ (its configuration is the route src/pages/admin/config.yml.ts).
import { createReadStream } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

const PAGE = fileURLToPath(new URL('../cms/admin.html', import.meta.url));
/** The editor's bundle, named as admin.html loads it (the package's entry is npm/index.js). */
const BUNDLE_NAME = 'sveltia-cms.js';
const BUNDLE = join(
  dirname(fileURLToPath(import.meta.resolve('@sveltia/cms'))),
  '..',
  'dist',
  BUNDLE_NAME,
);

export default function editor(): AstroIntegration {
  return {
    name: 'editor',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          const path = new URL(req.url ?? '/', 'http://localhost').pathname;
          const served: [string, string] | undefined =
            path === '/admin' || path === '/admin/'
              ? [PAGE, 'text/html; charset=utf-8']
              : path === `/admin/${BUNDLE_NAME}`
                ? [BUNDLE, 'text/javascript; charset=utf-8']
                : undefined;
          if (!served) return next();
          const [file, type] = served;
          res.setHeader('Content-Type', type);
          createReadStream(file).on('error', next).pipe(res);
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const out = join(fileURLToPath(dir), 'admin');
        await mkdir(out, { recursive: true });
        await copyFile(PAGE, join(out, 'index.html'));
        await copyFile(BUNDLE, join(out, BUNDLE_NAME));
        logger.info(`admin/: editor page and ${BUNDLE_NAME} (Sveltia CMS)`);
      },
    },
  };
}
