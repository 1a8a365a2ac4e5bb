import { defineConfig } from 'vitest/config';

// Checks over the built site (dist-test/, built by `npm test`): byte budgets, links, sitemap.
export default defineConfig({
  test: { include: ['tests/build/**/*.test.ts'], environment: 'node' },
});
