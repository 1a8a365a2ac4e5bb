import { defineConfig } from 'vitest/config';

// Checks over the built site (dist-test/, built by `npm test`): byte budgets, links, sitemap. The
// site is served by the production host's runtime while they run (host-setup.ts).
export default defineConfig({
  test: {
    include: ['tests/build/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/build/host-setup.ts'],
    hookTimeout: 150_000,
  },
});
