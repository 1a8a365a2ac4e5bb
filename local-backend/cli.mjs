#!/usr/bin/env node
// `npm run backend`: start the local backend alone (Ctrl-C stops everything).
// `npm run backend:reset`: wipe its data (database and caught mail).
import fs from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_DATA_DIR, PUBLISHABLE_KEY, ANON_KEY, startBackend } from './index.mjs';

const command = process.argv[2] ?? 'start';

if (command === 'reset') {
  for (const part of ['db', 'mail'])
    await fs.rm(path.join(DEFAULT_DATA_DIR, part), { recursive: true, force: true });
  console.log(
    `Local backend data wiped (${DEFAULT_DATA_DIR}: database and caught mail; the Deno cache is kept).`,
  );
  process.exit(0);
} else if (command !== 'start') {
  console.error(`Unknown command "${command}". Use: node local-backend/cli.mjs [start|reset]`);
  process.exit(2);
}

let handle;
try {
  handle = await startBackend();
} catch (error) {
  console.error(`\nThe local backend could not start: ${error.message}`);
  process.exit(1);
}

console.log(`
Local backend ready in ${(handle.startupMs / 1000).toFixed(1)} s (development stand-in for Supabase, never production).
  API URL          ${handle.urls.apiUrl}
  Database URL     ${handle.urls.dbUrl}
  Mail inbox       ${handle.urls.inboxUrl}
  Publishable key  ${PUBLISHABLE_KEY}
  Anon key         ${ANON_KEY}
  (Supabase CLI public local demo keys, not secrets.)
  Data folder      ${handle.dataDir}
Press Ctrl-C to stop.`);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the local backend...`);
  await handle.stop();
  console.log('Local backend stopped.');
  process.exit(0);
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGHUP', () => shutdown('SIGHUP'));
