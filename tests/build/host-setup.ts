// Serves the test build (TEST_DIST) with the production host's runtime for the build checks that
// measure what the host sends (headers, encodings): `inject('siteOrigin')` in a test.
import type { TestProject } from 'vitest/node';
import { startHost } from '../../scripts/lib/host.mjs';
import {
  TEST_DIST,
  TEST_SITE_INSPECTOR_PORT,
  TEST_SITE_PORT,
} from '../../scripts/lib/test-ports.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    siteOrigin: string;
  }
}

export default async function setup(project: TestProject) {
  const host = await startHost({
    dir: TEST_DIST,
    port: TEST_SITE_PORT,
    inspectorPort: TEST_SITE_INSPECTOR_PORT,
    timeoutMs: 120_000,
  });
  project.provide('siteOrigin', host.origin);
  return () => host.close();
}
