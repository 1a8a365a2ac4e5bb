/**
 * A scratch copy of the project for the tests that run Astro on content of their own (a broken file,
 * a copywriter's new page): the sources are copied, node_modules is linked, and Astro runs there as
 * it would in a terminal.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = process.cwd();
/** What Astro reads; supabase/: the forms' validation rules (supabase/functions/_shared) are shared with the site. */
const SOURCES = ['src', 'public', 'supabase', 'astro.config.mjs', 'tsconfig.json', 'package.json'];

/**
 * The environment of a terminal, without the variables vitest sets for its own workers, nor the
 * scale test's BLOG_CONTENT_DIR (the scratch project reads its own content), nor the test build's
 * CMS_GITHUB_API_ROOT and sign-in settings (a scratch build's editor is production's, on api.github.com).
 */
const terminalEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([key]) =>
      !/^(VITEST|NODE_ENV$|TEST$|BLOG_CONTENT_DIR$|CMS_GITHUB_API_ROOT$|CMS_GITHUB_CLIENT_ID$|CMS_SIGNIN_ORIGIN$)/.test(
        key,
      ),
  ),
);

/** Copies the project into a new temporary folder named after `prefix` and returns its path. */
export function scratchProject(prefix: string): string {
  const scratch = mkdtempSync(join(tmpdir(), `${prefix}-`));
  for (const entry of SOURCES) cpSync(join(ROOT, entry), join(scratch, entry), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(scratch, 'node_modules'));
  return scratch;
}

/** Runs `astro <command>` in `scratch` (with `env` added); resolves with its exit code and its whole output. */
export function astroIn(
  scratch: string,
  command: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules/.bin/astro'), [command], {
      cwd: scratch,
      env: { ...terminalEnv, ASTRO_CACHE_DIR: join(scratch, '.cache'), FORCE_COLOR: '0', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}
