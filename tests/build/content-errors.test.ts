/**
 * The real thing: `astro sync` (the content step of `astro build` and `astro dev`) on a scratch copy
 * of the project with one deliberately broken file stops with the exact French message in the
 * terminal, and no page is rendered.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  brokenFixtures,
  brokenFrontMatter,
  twoBrokenFiles,
} from '../fixtures/content-errors/cases';

const ROOT = process.cwd();
/**
 * The environment of a terminal, without the variables vitest sets for its own workers, nor the
 * scale test's BLOG_CONTENT_DIR: the scratch project reads its own content.
 */
const cleanEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) => !/^(VITEST|NODE_ENV$|TEST$|BLOG_CONTENT_DIR$)/.test(key),
  ),
);

/** Runs `astro sync` in a scratch project holding the fixtures; resolves with its exit code and output. */
function syncWith(...files: string[]): Promise<{ code: number | null; output: string }> {
  const scratch = mkdtempSync(join(tmpdir(), 'content-errors-'));
  // supabase/: the forms' validation rules (supabase/functions/_shared) are shared with the site.
  for (const entry of ['src', 'supabase', 'astro.config.mjs', 'tsconfig.json', 'package.json'])
    cpSync(join(ROOT, entry), join(scratch, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  for (const file of files)
    cpSync(join(ROOT, 'tests/fixtures/content-errors', file), join(scratch, 'src/content', file));
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/astro'), ['sync'], {
      cwd: scratch,
      env: { ...cleanEnv, ASTRO_CACHE_DIR: join(scratch, '.cache'), FORCE_COLOR: '0' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      rmSync(scratch, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

describe('astro sync with a broken content file', { timeout: 120_000 }, () => {
  it.each([...brokenFixtures, brokenFrontMatter])(
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
});
