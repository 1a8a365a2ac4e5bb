/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests (tests/unit): lib functions, stores, islands (jsdom per file), schemas; and tests of the
// content's data (tests/content): every entry valid, every fact once.
export default getViteConfig({
  test: {
    include: ['tests/{unit,content}/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
