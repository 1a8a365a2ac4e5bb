// Backend tests (`npm run test:backend`): database, REST gateway and Edge Function, against ONE real
// local backend started by global-setup.mjs on its own ports and a temporary data folder.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/backend/**/*.test.mjs'],
    environment: 'node',
    globalSetup: ['tests/backend/global-setup.mjs'],
    // Some tests stop the mail catcher or the gateway for real: files run one after another.
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 90_000,
  },
});
