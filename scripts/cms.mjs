// `npm run cms`: the visual editor for copywriters, on this checkout. Starts `npm run dev` (same
// options) and says how to open the editor: on localhost, Sveltia CMS offers « Travailler avec un
// dépôt local » and reads and writes the files of the folder the copywriter picks, through the
// browser (File System Access API, Chrome or Edge); the site reloads on every save. Ctrl-C stops it.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { childEnv } from './lib/env.mjs';

const HELP = `npm run cms [-- --port <port>]

  Lance le site en mode développement avec l’éditeur visuel des contenus.
  Ouvrez ensuite http://localhost:4321/admin (ou le port choisi) dans Chrome ou Edge, cliquez sur
  « Travailler avec un dépôt local » et choisissez le dossier du projet :
  ${resolve('.')}
  L’éditeur écrit directement dans les fichiers de src/content/ ; le site se recharge à chaque
  enregistrement.

  --port <port>   port du site et de l’éditeur (4321 par défaut)
  --help, -h      affiche cette aide

  Le guide des rédacteurs est CONTENT.md (« L’éditeur visuel »). Ctrl-C arrête tout.
`;
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(HELP);
  process.exit(0);
}

const args = process.argv.slice(2);
const port = args.includes('--port') ? args[args.indexOf('--port') + 1] : '4321';
console.log(
  `\n  Éditeur de contenu : http://localhost:${port}/admin (Chrome ou Edge)\n` +
    `  « Travailler avec un dépôt local », puis choisissez le dossier ${resolve('.')}\n`,
);
const dev = spawn(process.execPath, ['scripts/dev.mjs', ...args], {
  stdio: 'inherit',
  env: childEnv({}),
});
const stop = () => dev.kill('SIGINT');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
dev.on('exit', (code) => process.exit(code ?? 0));
