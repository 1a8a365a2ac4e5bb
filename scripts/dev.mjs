// `npm run dev`: starts the local backend, then Astro's dev server (live reload of content edits).
// Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { childEnv } from './lib/env.mjs';
import { onShutdown, startLocalBackend } from './lib/backend.mjs';

const backend = await startLocalBackend();
if (backend.inboxUrl) console.log(`\n  Boîte de réception locale : ${backend.inboxUrl}\n`);
const astro = spawn('node_modules/.bin/astro', ['dev', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: childEnv(),
});
onShutdown(async () => {
  astro.kill('SIGTERM');
  await backend.stop();
});
astro.on('exit', async (code) => {
  await backend.stop();
  process.exit(code ?? 0);
});
