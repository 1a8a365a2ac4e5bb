/**
 * The real thing: `astro sync` (the content step of `astro build` and `astro dev`) on a scratch copy
 * of the project with one deliberately broken file stops with the exact French message in the
 * terminal, and no page is rendered.
 */
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenFixtures,
  brokenFrontMatter,
  threeBrokenFiles,
  twoBrokenFiles,
  undescribedPhoto,
} from '../fixtures/content-errors/cases';
import { astroIn, scratchProject } from './scratch';

/**
 * Runs `astro sync` in a scratch project holding the fixtures, with CONTENT_ERROR_REPORT set;
 * resolves with its exit code, its output and the report's lines.
 */
async function syncWith(
  ...files: string[]
): Promise<{ code: number | null; output: string; report: string[] }> {
  const scratch = scratchProject('content-errors');
  for (const file of files)
    cpSync(
      join(process.cwd(), 'tests/fixtures/content-errors', file),
      join(scratch, 'src/content', file),
    );
  try {
    const report = join(scratch, 'reports/content-errors.json');
    const result = await astroIn(scratch, 'sync', { CONTENT_ERROR_REPORT: report });
    return { ...result, report: JSON.parse(readFileSync(report, 'utf8')) };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('astro sync with a broken content file', { timeout: 120_000 }, () => {
  it.each([...brokenFixtures, brokenFrontMatter, undescribedPhoto])(
    '$case: fails with the exact message',
    async ({ file, message }) => {
      const { code, output } = await syncWith(file);
      expect(code).not.toBe(0);
      expect(output).toContain(message);
      expect(output).not.toMatch(/\*\*|Stack trace|InvalidContentEntryDataError/);
    },
  );

  it('two broken files in two collections: one run names both', async () => {
    const { code, output } = await syncWith(...twoBrokenFiles.files);
    expect(code).not.toBe(0);
    for (const message of twoBrokenFiles.messages) expect(output).toContain(message);
  });

  it('one run names an unknown field, a dangling reference and a foreign photo', async () => {
    const { code, output, report } = await syncWith(...threeBrokenFiles.files);
    expect(code).not.toBe(0);
    for (const message of threeBrokenFiles.messages) expect(output).toContain(message);
    // The same lines, for the CI summary and status (scripts/lib/publish-status.mjs).
    expect([...report].sort()).toEqual([...threeBrokenFiles.messages].sort());
    expect(output).not.toMatch(/photo not found|Stack trace/);
  });
});
