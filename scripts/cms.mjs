// `npm run cms`: the visual editor for copywriters. Starts Decap's local proxy (decap-server, which
// reads and writes the files of src/content in this checkout), then `npm run dev`; the editor is at
// http://localhost:4321/admin and the site beside it reloads on every save. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { childEnv } from './lib/env.mjs';
import { DEFAULT_CMS_PROXY_PORT } from '../src/cms/options.ts';

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
