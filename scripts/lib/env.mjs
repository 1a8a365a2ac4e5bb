// Environment for child processes: the Node running this script (Node 24 from node_modules when run
// through npm) comes first on PATH, so tools started with `#!/usr/bin/env node` never fall back to
// an older system Node.
import { dirname, resolve } from 'node:path';

export const childEnv = (extra = {}) => ({
  ...process.env,
  PATH: [dirname(process.execPath), resolve('node_modules/.bin'), process.env.PATH].join(':'),
  ASTRO_TELEMETRY_DISABLED: '1',
  ...extra,
});
