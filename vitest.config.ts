/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests (tests/unit): lib functions, stores, islands (jsdom per file), schemas; and tests of the
// content's data (tests/content): every entry valid, every fact once.
export default getViteConfig({
  test: {
    include: ['tests/{unit,content}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Some files build the whole editor configuration or load every collection: 5–7 s each on a
    // loaded 2-core machine, past Vitest's default 5 s.
    testTimeout: 30_000,
  },
});
