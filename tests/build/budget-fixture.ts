/**
 * The fixed content the code budgets are measured on (tests/fixtures/budgets/content: frozen site
 * settings, a page with a hero and a text block, the blog page the blog route needs), built in a
 * scratch copy of the project in place of src/content and served by the production host's runtime.
 * A copywriter's change never reaches it; a change to the code does.
 */
import { createHash } from 'node:crypto';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startHost } from '../../scripts/lib/host.mjs';
import {
  TEST_SCRATCH_INSPECTOR_PORT,
  TEST_SCRATCH_SITE_PORT,
} from '../../scripts/lib/test-ports.mjs';
import { astroIn, scratchProject } from './scratch';
import { fetchAsSent } from './site';

const FIXTURE = join(process.cwd(), 'tests/fixtures/budgets/content');

/** Bytes that brotli cannot shrink, the same at every run (SHA-256 in counter mode, base64). */
export function incompressible(bytes: number): string {
  let out = '';
  for (let block = 0; out.length < (bytes * 4) / 3; block++)
    out += createHash('sha256').update(`budget-${block}`).digest('base64url');
  return out.slice(0, Math.ceil((bytes * 4) / 3));
}

/**
 * Builds the fixture content in a scratch project, lets `change` edit the scratch first (a
 * template, an extra page), serves the build and returns each route's response size as sent
 * (headers and brotli body). The scratch is removed afterwards.
 */
export async function measureFixture(
  prefix: string,
  routes: string[],
  change: (scratch: string) => void = () => {},
): Promise<Record<string, number>> {
  const scratch = scratchProject(prefix);
  try {
    rmSync(join(scratch, 'src/content'), { recursive: true, force: true });
    cpSync(FIXTURE, join(scratch, 'src/content'), { recursive: true });
    change(scratch);
    const { code, output } = await astroIn(scratch, 'build');
    expect(code, output).toBe(0);
    const host = await startHost({
      dir: join(scratch, 'dist'),
      port: TEST_SCRATCH_SITE_PORT,
      inspectorPort: TEST_SCRATCH_INSPECTOR_PORT,
      timeoutMs: 120_000,
    });
    try {
      const sizes: Record<string, number> = {};
      for (const route of routes) {
        const sent = await fetchAsSent(host.origin, route);
        expect(sent.status, route).toBe(200);
        expect(sent.headers['content-encoding'], route).toBe('br');
        sizes[route] = sent.headerBytes + sent.body.length;
      }
      return sizes;
    } finally {
      await host.close();
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Writes a page entry into a scratch project's content (YAML is JSON's superset). */
export function writePage(scratch: string, name: string, page: unknown) {
  writeFileSync(join(scratch, 'src/content/pages', `${name}.yaml`), JSON.stringify(page));
}
