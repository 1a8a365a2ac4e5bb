// `npm run deploy`: what it reads and what it does, in order. The variables are checked before
// anything runs; `--dry-run` stops after printing the plan. Steps run through `runner`, so a test can
// watch them without deploying anything. The variables: scripts/lib/deploy-variables.mjs; the steps:
// scripts/lib/deploy-steps.mjs.
import fs from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { signinProblems } from './deploy-signin.mjs';
import { deploySteps } from './deploy-steps.mjs';
import {
  checkVariables,
  OPTIONAL_BUILD_VARIABLES,
  productionWarnings,
  SECRET_VARIABLES,
  value,
} from './deploy-variables.mjs';

export {
  databasePassword,
  deploySteps,
  EDGE_FUNCTIONS,
  SUPABASE_CLI,
  SWEEP_VAULT_SECRETS,
} from './deploy-steps.mjs';
export {
  checkVariables,
  FUNCTION_SECRETS,
  OPTIONAL_BUILD_VARIABLES,
  productionWarnings,
  SECRET_VARIABLES,
  supabaseUrl,
  VARIABLES,
} from './deploy-variables.mjs';

/**
 * Reads the command line: `--dry-run`, `--preview <name>` (a pull request's preview).
 * @param {string[]} args
 * @returns {{ dryRun: boolean, target: 'production' | 'preview', previewName?: string }}
 * @throws Error naming an unknown argument or a bad preview name
 */
export function parseArgs(args) {
  const options = { dryRun: false, target: /** @type {const} */ ('production') };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === '--dry-run') options.dryRun = true;
    else if (arg === '--preview' || arg.startsWith('--preview=')) {
      const name = arg === '--preview' ? args[++i] : arg.slice('--preview='.length);
      if (!name || !/^[a-z][a-z0-9-]{0,39}$/.test(name)) {
        throw new Error(
          `--preview needs a name: a lower-case letter, then letters, digits or dashes (e.g. pr-12), got "${name ?? ''}".`,
        );
      }
      Object.assign(options, { target: 'preview', previewName: name });
    } else {
      throw new Error(
        `Unknown argument "${arg}". Usage: npm run deploy -- [--dry-run] [--preview <name>]`,
      );
    }
  }
  return options;
}

/** The text of supabase/config.toml. */
const readConfigToml = () =>
  fs.readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8');

/**
 * True when a supabase/config.toml text turns Supabase Auth sign-ups off: `enable_signup = false`
 * in its `[auth]` section itself (the site has no user accounts; only the agency's own, made by
 * hand, may exist).
 * @param {string} toml
 */
export function authSignupsOff(toml) {
  try {
    return parseToml(toml).auth?.enable_signup === false;
  } catch {
    return false;
  }
}

/**
 * What stops a deploy before anything runs: the variables missing or wrong and, for production, a
 * supabase/config.toml that lets anyone sign up.
 * @param {Record<string, string | undefined>} env
 * @param {'production' | 'preview'} target
 */
function preflightProblems(env, target) {
  const problems = [...checkVariables(env, target), ...signinProblems(env, target)];
  if (target === 'production' && !authSignupsOff(readConfigToml())) {
    problems.push(
      'supabase/config.toml must turn Supabase Auth sign-ups off: enable_signup = false under [auth].',
    );
  }
  return problems;
}

/** Prints the plan: every step with its command, what else the build reads, production's warnings. */
function printPlan(steps, env, options, what, out) {
  out(
    `${options.dryRun ? 'Dry run: would deploy' : 'Deploying'} ${what} in ${steps.length} steps:`,
  );
  steps.forEach((step, i) => out(`  ${i + 1}. ${step.title}\n       $ ${step.shown}`));
  const extras = OPTIONAL_BUILD_VARIABLES.filter((name) => value(env, name));
  if (extras.length) out(`  The build also reads: ${extras.join(', ')}.`);
  if (options.target === 'production')
    for (const line of productionWarnings(env)) out(`  ! ${line}`);
}

/**
 * Runs the steps in order, each without the secret variables it does not need; stops at the first
 * that fails, saying what is done.
 * @returns {Promise<boolean>} whether every step succeeded
 */
async function runSteps(steps, runner, out, err) {
  for (const [i, step] of steps.entries()) {
    out(`\n━━ ${i + 1}/${steps.length} ${step.title}`);
    const withheld = SECRET_VARIABLES.filter((name) => !step.secrets.includes(name));
    try {
      await step.run({ ...runner, exec: (argv, extra) => runner.exec(argv, extra, withheld) });
    } catch (error) {
      err(`\n✗ Step ${i + 1} failed: ${step.title}\n  ${error.message}`);
      const done =
        i === 0 ? 'Nothing was changed' : i === 1 ? 'Step 1 is done' : `Steps 1–${i} are done`;
      err(`  ${done}; fix the cause and run the deploy again (every step can be repeated).`);
      return false;
    }
  }
  return true;
}

/**
 * The whole command: checks the variables, prints the plan, runs the steps in order (unless dry run).
 * @param {{ args: string[], env: Record<string, string | undefined>,
 *   runner: { exec: (argv: string[], env?: Record<string, string>, withheld?: string[]) => Promise<void>,
 *     withEnvFile: (values: Record<string, string>, use: (file: string) => Promise<void>) => Promise<void>,
 *     upsertVaultSecrets: (url: string, secrets: Record<string, string>) => Promise<void>,
 *     authSettings: (apiUrl: string, key: string) => Promise<{ disable_signup?: boolean }> },
 *   out?: (line: string) => void, err?: (line: string) => void }} options
 * @returns {Promise<number>} the exit code
 */
export async function deploy({ args, env, runner, out = console.log, err = console.error }) {
  let options;
  try {
    options = parseArgs(args);
  } catch (error) {
    err(`✗ ${error.message}`);
    return 2;
  }
  const what = options.target === 'preview' ? `preview "${options.previewName}"` : 'production';
  const problems = preflightProblems(env, options.target);
  if (problems.length) {
    err(`✗ Cannot deploy ${what}: ${problems.length} variable(s) missing or wrong.`);
    for (const problem of problems) err(`  - ${problem}`);
    err('See docs/deploying.md for where each one comes from.');
    return 1;
  }
  const steps = deploySteps(env, options);
  printPlan(steps, env, options, what, out);
  if (options.dryRun) {
    out('Every required variable is set. Nothing was built or deployed (dry run).');
    return 0;
  }
  if (!(await runSteps(steps, runner, out, err))) return 1;
  out(`\n✓ Deployed ${what}.`);
  return 0;
}
