/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Unit tests (tests/unit): pure lib functions, stores, islands (jsdom per file), content schemas.
export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
  },
});
