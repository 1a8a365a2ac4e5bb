// `npm run preview` (and the end-to-end tests): serves the built site (dist/, or SITE_DIR) at
// http://localhost:4321 (or PORT) with the production host's runtime (scripts/lib/host.mjs).
// HOST_INSPECTOR_PORT sets wrangler's devtools port (default: PORT + 10,000).
import { startHost } from './lib/host.mjs';

const port = Number(process.env.PORT ?? 4321);
const host = await startHost({
  dir: process.env.SITE_DIR ?? 'dist',
  port,
  ip: process.env.HOST ?? 'localhost',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => host.close());
console.log(`\n  Site prêt : http://localhost:${port}\n  (Ctrl-C pour arrêter)\n`);
