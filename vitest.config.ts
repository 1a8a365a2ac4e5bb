/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// The unit step's tests (docs/testing.md, « The test tree »): the code's units (tests/unit: lib
// functions, stores, islands in jsdom per file, schemas), the content's data (tests/content), the
// repository's own rules (tests/repository) and the scripts' and benchmarks' code (tests/scripts).
export default getViteConfig({
  test: {
    include: ['tests/{unit,content,repository,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Some files build the whole editor configuration or load every collection: 5–7 s each on a
    // loaded 2-core machine, past Vitest's default 5 s.
    testTimeout: 30_000,
  },
});
