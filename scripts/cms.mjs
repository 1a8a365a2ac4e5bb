// `npm run cms`: the visual editor for copywriters. Starts Decap's local proxy (decap-server, which
// reads and writes the files of src/content in this checkout), then `npm run dev`; the editor is at
// http://localhost:4321/admin and the site beside it reloads on every save. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { childEnv } from './lib/env.mjs';

const HELP = `npm run cms [-- --port <port>]

  Lance l’éditeur visuel des contenus : le proxy local de Decap (il lit et écrit les fichiers de
  src/content/) et le site en mode développement, qui se recharge à chaque « Publier ».
  Ouvrez ensuite http://localhost:4321/admin (ou le port choisi) et cliquez sur « Se connecter ».

  --port <port>   port du site et de l’éditeur (4321 par défaut)
  --help, -h      affiche cette aide

  CMS_PROXY_PORT  port du proxy local de l’éditeur (8081 par défaut)

  Le guide des rédacteurs est CONTENT.md (« L’éditeur visuel »). Ctrl-C arrête tout.
`;
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}
// A TypeScript module: Node 24 (what `npm run cms` uses) reads it; an older Node does not.
const { DEFAULT_CMS_PROXY_PORT } = await import('../src/cms/options.ts').catch((error) => {
  console.error(
    `Ce Node (${process.version}) ne lit pas les modules TypeScript : lancez « npm run cms » (Node 24). (${error.code ?? error.message})`,
  );
  process.exit(1);
});

const port = Number(process.env.CMS_PROXY_PORT) || DEFAULT_CMS_PROXY_PORT;
const env = childEnv({ CMS_PROXY_PORT: String(port) });
const proxy = spawn(process.execPath, ['node_modules/decap-server/dist/index.js'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...env,
    PORT: String(port),
    BIND_HOST: '127.0.0.1',
    MODE: 'fs',
    GIT_REPO_DIRECTORY: process.cwd(),
  },
});
const args = process.argv.slice(2);
const devPort = args.includes('--port') ? args[args.indexOf('--port') + 1] : '4321';
console.log(
  `\n  Éditeur de contenu : http://localhost:${devPort}/admin (proxy local sur le port ${port})\n`,
);
const dev = spawn(process.execPath, ['scripts/dev.mjs', ...args], {
  stdio: 'inherit',
  env,
});
const stop = () => {
  proxy.kill('SIGTERM');
  dev.kill('SIGINT');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
proxy.on('exit', (code) => {
  if (code) {
    console.error(`decap-server stopped (exit ${code}): is port ${port} free? Set CMS_PROXY_PORT.`);
    dev.kill('SIGINT');
  }
});
dev.on('exit', (code) => {
  proxy.kill('SIGTERM');
  process.exit(code ?? 0);
});
