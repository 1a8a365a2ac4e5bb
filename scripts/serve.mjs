// Serves the built site (dist/) at http://localhost:4321 with compression. Used by `npm start`.
import { startStaticServer } from './lib/static-server.mjs';

const port = Number(process.env.PORT ?? 4321);
await startStaticServer({
  root: process.env.SITE_DIR ?? 'dist',
  port,
  host: process.env.HOST ?? 'localhost',
});
console.log(`\n  Site prêt : http://localhost:${port}\n  (Ctrl-C pour arrêter)\n`);
