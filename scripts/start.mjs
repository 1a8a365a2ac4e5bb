// `npm start`: builds the site, starts the local backend (database, API, function, mail catcher) and
// serves the build at http://localhost:4321. Ctrl-C stops everything.
import { buildSite } from './lib/built-site.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { onShutdown, startLocalBackend } from './lib/backend.mjs';

const port = Number(process.env.PORT ?? 4321);
buildSite();
const backend = await startLocalBackend();
const server = await startStaticServer({
  root: 'dist',
  port,
  host: process.env.HOST ?? 'localhost',
});
onShutdown(async () => {
  server.close();
  await backend.stop();
});

console.log(`
  Site prêt : http://localhost:${port}
  ${backend.inboxUrl ? `Boîte de réception locale (e-mails du formulaire) : ${backend.inboxUrl}` : ''}
  Ctrl-C pour tout arrêter.
`);
