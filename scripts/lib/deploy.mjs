// `npm run deploy`: what it reads and what it does, in order. The variables are checked before
// anything runs; `--dry-run` stops after printing the plan. Steps run through `runner`, so a test can
// watch them without deploying anything.
import fs from 'node:fs';
import { parse as parseToml } from 'smol-toml';
import { LOCAL_SUPABASE_KEY } from '../../src/lib/contact/supabase-config.ts';

/** The Supabase CLI, fetched by npx at deploy time (its npm package downloads a binary). */
export const SUPABASE_CLI = 'supabase@3.1.0';

/** The Edge Functions production runs: every folder of supabase/functions/ but `_shared`. */
export const EDGE_FUNCTIONS = fs
  .readdirSync(new URL('../../supabase/functions/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
  .map((entry) => entry.name)
  .sort();

/** The Vault secrets the sweep of unmailed leads reads (`private.sweep_unmailed_contacts()`). */
export const SWEEP_VAULT_SECRETS = ['project_url', 'publishable_key'];

/**
 * Every variable a deploy reads. `targets`: the deploys that require it (`production` on main, `preview`
 * for a pull request); `secret`: kept out of printed commands; `check`: returns what is wrong with a
 * set value, or nothing.
 * @type {Array<{ name: string, purpose: string, targets: string[], secret?: boolean,
 *   check?: (value: string) => string | undefined }>}
 */
export const VARIABLES = [
  {
    name: 'SITE_URL',
    purpose: 'the public address of the site (canonical URLs, sitemap, newsletter links)',
    targets: ['production', 'preview'],
    check: (value) => (isHttpsUrl(value) ? undefined : 'must be an https:// URL'),
  },
  {
    name: 'SUPABASE_PROJECT_REF',
    purpose: 'the Supabase project reference (dashboard URL: /project/<ref>)',
    targets: ['production', 'preview'],
    check: (value) => (/^[a-z]{20}$/.test(value) ? undefined : 'must be 20 lower-case letters'),
  },
  {
    name: 'PUBLIC_SUPABASE_URL',
    purpose: 'the Supabase API URL, when not https://<ref>.supabase.co (custom domain)',
    targets: [],
    check: (value) => (isHttpsUrl(value) ? undefined : 'must be an https:// URL'),
  },
  {
    name: 'PUBLIC_SUPABASE_KEY',
    purpose: 'the project’s publishable key (built into the site; Vault secret of the sweep)',
    targets: ['production', 'preview'],
    check: (value) =>
      value === LOCAL_SUPABASE_KEY
        ? 'is the local demo key; use the project’s publishable key'
        : undefined,
  },
  {
    name: 'SUPABASE_ACCESS_TOKEN',
    purpose: 'a Supabase personal access token (function secrets and deploys)',
    targets: ['production'],
    secret: true,
    check: (value) => (value.startsWith('sbp_') ? undefined : 'must start with sbp_'),
  },
  {
    name: 'SUPABASE_DB_URL',
    purpose:
      'the database connection string, session pooler (migrations, Vault secrets, retention periods)',
    targets: ['production'],
    secret: true,
    check: (value) =>
      /^postgres(ql)?:\/\//.test(value) ? undefined : 'must start with postgresql://',
  },
  {
    name: 'SUPABASE_DB_CA_CERT',
    purpose:
      'the CA certificate (PEM) the database server’s certificate is verified against (Database → Settings → SSL Configuration); unset: the system’s roots',
    targets: [],
    check: (value) =>
      value.includes('-----BEGIN CERTIFICATE-----') ? undefined : 'must be a PEM certificate',
  },
  {
    name: 'CONTACT_TO',
    purpose: 'the inbox that receives the leads (function secret)',
    targets: ['production'],
  },
  {
    name: 'CONTACT_FROM',
    purpose: 'the sender of the e-mails, on a domain verified at Resend (function secret)',
    targets: ['production'],
  },
  {
    name: 'RESEND_API_KEY',
    purpose: 'the Resend API key that sends the e-mails (function secret)',
    targets: ['production'],
    secret: true,
  },
  {
    name: 'NEWSLETTER_SECRET',
    purpose: 'signs the newsletter links (function secret; default: the service role key)',
    targets: [],
    secret: true,
  },
  {
    name: 'ALERT_SMTP_URL',
    purpose:
      'another mail route, for leads still unmailed after an hour (function secret; smtps://user:password@host:465 of a provider other than Resend)',
    targets: [],
    secret: true,
    check: (value) =>
      /^smtps?:\/\//.test(value) ? undefined : 'must start with smtps:// or smtp://',
  },
  {
    name: 'TURNSTILE_SECRET_KEY',
    purpose: 'Cloudflare Turnstile secret (function secret; off when unset)',
    targets: [],
    secret: true,
  },
  {
    name: 'CLOUDFLARE_API_TOKEN',
    purpose: 'a Cloudflare API token allowed to edit Workers scripts (wrangler)',
    targets: ['production', 'preview'],
    secret: true,
  },
  {
    name: 'CLOUDFLARE_ACCOUNT_ID',
    purpose: 'the Cloudflare account id (wrangler)',
    targets: ['production', 'preview'],
  },
];

/** Function secrets set from the variables of the same name (optional ones only when set). */
export const FUNCTION_SECRETS = [
  'CONTACT_TO',
  'CONTACT_FROM',
  'RESEND_API_KEY',
  'SITE_URL',
  'NEWSLETTER_SECRET',
  'TURNSTILE_SECRET_KEY',
  'ALERT_SMTP_URL',
];

/** Variables the build reads when set (docs/editor.md, docs/contact-pipeline.md). */
export const OPTIONAL_BUILD_VARIABLES = [
  'PUBLIC_BOOKING_URL',
  'PUBLIC_TURNSTILE_SITE_KEY',
  'CMS_GITHUB_REPO',
  'CMS_GITHUB_BRANCH',
];

function isHttpsUrl(value) {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const value = (env, name) => env[name]?.trim() || '';

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

/**
 * What is missing or wrong in the environment for a deploy, one English line per variable.
 * @param {Record<string, string | undefined>} env
 * @param {'production' | 'preview'} target
 * @returns {string[]} empty when everything needed is set and valid
 */
export function checkVariables(env, target) {
  const problems = [];
  for (const variable of VARIABLES) {
    const set = value(env, variable.name);
    if (!set) {
      if (variable.targets.includes(target)) {
        problems.push(`${variable.name} is not set: ${variable.purpose}.`);
      }
      continue;
    }
    const wrong = variable.check?.(set);
    if (wrong) problems.push(`${variable.name} ${wrong} (${variable.purpose}).`);
  }
  return problems;
}

/**
 * What production can run without but should not (docs/deploying.md), one line each.
 * @param {Record<string, string | undefined>} env
 */
export function productionWarnings(env) {
  const warnings = [];
  if (!value(env, 'TURNSTILE_SECRET_KEY'))
    warnings.push(
      'TURNSTILE_SECRET_KEY is not set: a script faking the fill time can take the hourly ceiling of lead e-mails (set it and PUBLIC_TURNSTILE_SITE_KEY).',
    );
  if (!value(env, 'ALERT_SMTP_URL'))
    warnings.push(
      'ALERT_SMTP_URL is not set: leads unmailed for an hour are alerted through Resend again, which does not help when Resend is what fails.',
    );
  return warnings;
}

/** The text of supabase/config.toml. */
const readConfigToml = () =>
  fs.readFileSync(new URL('../../supabase/config.toml', import.meta.url), 'utf8');

/** The (decoded) password of a postgresql:// connection string. */
export function databasePassword(connectionString) {
  return decodeURIComponent(new URL(connectionString).password);
}

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

/** The Supabase API URL: PUBLIC_SUPABASE_URL, else the project's own. */
export function supabaseUrl(env) {
  return (
    value(env, 'PUBLIC_SUPABASE_URL') || `https://${value(env, 'SUPABASE_PROJECT_REF')}.supabase.co`
  ).replace(/\/+$/, '');
}

/** Names of the secret variables (VARIABLES marked `secret`). */
export const SECRET_VARIABLES = VARIABLES.filter((variable) => variable.secret).map((v) => v.name);

/**
 * The ordered steps of a deploy. Each has a title, the command as printed (secret values shown as
 * `$NAME`), `secrets` (the secret variables its command may see: the others are withheld from its
 * environment) and `run(runner)`.
 * @param {Record<string, string | undefined>} env
 * @param {{ target: 'production' | 'preview', previewName?: string }} options
 */
export function deploySteps(env, { target, previewName }) {
  const ref = value(env, 'SUPABASE_PROJECT_REF');
  const supabase = ['npx', '--yes', SUPABASE_CLI];
  const buildEnv = {
    DEPLOY_ENV: 'production',
    SITE_URL: value(env, 'SITE_URL'),
    PUBLIC_SUPABASE_URL: supabaseUrl(env),
    PUBLIC_SUPABASE_KEY: value(env, 'PUBLIC_SUPABASE_KEY'),
  };
  const build = {
    title: `Build the site for ${buildEnv.SITE_URL} against ${buildEnv.PUBLIC_SUPABASE_URL}`,
    shown: 'DEPLOY_ENV=production astro build',
    secrets: [],
    run: (runner) => runner.exec(['astro', 'build'], buildEnv),
  };
  if (target === 'preview') {
    return [
      build,
      {
        title: `Upload the site as a new Worker version with the preview alias "${previewName}" (production untouched)`,
        shown: `wrangler versions upload --preview-alias ${previewName}`,
        secrets: ['CLOUDFLARE_API_TOKEN'],
        run: (runner) =>
          runner.exec(['wrangler', 'versions', 'upload', '--preview-alias', String(previewName)]),
      },
    ];
  }
  const secrets = FUNCTION_SECRETS.filter((name) => value(env, name));
  return [
    build,
    {
      title: 'Check that Supabase Auth sign-ups are off in the hosted project',
      shown: `GET ${buildEnv.PUBLIC_SUPABASE_URL}/auth/v1/settings  (disable_signup must be true)`,
      secrets: [],
      run: async (runner) => {
        const settings = await runner.authSettings(
          buildEnv.PUBLIC_SUPABASE_URL,
          buildEnv.PUBLIC_SUPABASE_KEY,
        );
        if (settings?.disable_signup !== true) {
          throw new Error(
            'The hosted project lets anyone create a Supabase Auth account (disable_signup is not true). ' +
              'Dashboard → Authentication → Sign In / Providers → turn off « Allow new users to sign up », ' +
              'as supabase/config.toml says (enable_signup = false).',
          );
        }
      },
    },
    {
      title: 'Apply the database migrations (supabase/migrations/*.sql)',
      // The CLI reaches the project by its reference and reads the database password from
      // SUPABASE_DB_PASSWORD: nothing secret on its command line.
      shown: `SUPABASE_DB_PASSWORD=<password of $SUPABASE_DB_URL> npx ${SUPABASE_CLI} db push --remote=${ref} --yes`,
      secrets: ['SUPABASE_ACCESS_TOKEN'],
      run: (runner) =>
        runner.exec([...supabase, 'db', 'push', `--remote=${ref}`, '--yes'], {
          SUPABASE_DB_PASSWORD: databasePassword(value(env, 'SUPABASE_DB_URL')),
        }),
    },
    {
      title: `Create or update the sweep's Vault secrets (${SWEEP_VAULT_SECRETS.join(', ')})`,
      shown: `upsert vault.secrets project_url=${buildEnv.PUBLIC_SUPABASE_URL} publishable_key=$PUBLIC_SUPABASE_KEY over $SUPABASE_DB_URL`,
      secrets: [],
      run: (runner) =>
        runner.upsertVaultSecrets(value(env, 'SUPABASE_DB_URL'), {
          project_url: buildEnv.PUBLIC_SUPABASE_URL,
          publishable_key: buildEnv.PUBLIC_SUPABASE_KEY,
        }),
    },
    {
      title:
        'Write the retention periods of the settings into the database (private.retention_periods)',
      shown: 'node scripts/privacy.mjs periods  (over $SUPABASE_DB_URL)',
      secrets: ['SUPABASE_DB_URL'],
      run: (runner) =>
        runner.exec(['node', 'scripts/privacy.mjs', 'periods'], {
          SUPABASE_DB_URL: value(env, 'SUPABASE_DB_URL'),
        }),
    },
    {
      title: `Set the Edge Functions' secrets (${secrets.join(', ')})`,
      // The values go through a temporary file, never the command line.
      shown: `npx ${SUPABASE_CLI} secrets set --remote=${ref} --yes --env-file <${secrets.map((name) => `${name}=$${name}`).join(' ')}>`,
      secrets: ['SUPABASE_ACCESS_TOKEN'],
      run: (runner) =>
        runner.withEnvFile(
          Object.fromEntries(secrets.map((name) => [name, value(env, name)])),
          (file) =>
            runner.exec([
              ...supabase,
              'secrets',
              'set',
              `--remote=${ref}`,
              '--yes',
              '--env-file',
              file,
            ]),
        ),
    },
    {
      title: `Deploy the Edge Functions (${EDGE_FUNCTIONS.join(', ')}; verify_jwt from supabase/config.toml)`,
      shown: `npx ${SUPABASE_CLI} functions deploy ${EDGE_FUNCTIONS.join(' ')} --remote=${ref} --use-api --yes`,
      secrets: ['SUPABASE_ACCESS_TOKEN'],
      run: (runner) =>
        runner.exec([
          ...supabase,
          'functions',
          'deploy',
          ...EDGE_FUNCTIONS,
          `--remote=${ref}`,
          '--use-api',
          '--yes',
        ]),
    },
    {
      title: 'Deploy the static site (dist/) to Cloudflare Workers (wrangler.jsonc)',
      shown: 'wrangler deploy',
      secrets: ['CLOUDFLARE_API_TOKEN'],
      run: (runner) => runner.exec(['wrangler', 'deploy']),
    },
  ];
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
  const problems = checkVariables(env, options.target);
  if (options.target === 'production' && !authSignupsOff(readConfigToml())) {
    problems.push(
      'supabase/config.toml must turn Supabase Auth sign-ups off: enable_signup = false under [auth].',
    );
  }
  if (problems.length) {
    err(`✗ Cannot deploy ${what}: ${problems.length} variable(s) missing or wrong.`);
    for (const problem of problems) err(`  - ${problem}`);
    err('See docs/deploying.md for where each one comes from.');
    return 1;
  }
  const steps = deploySteps(env, options);
  out(
    `${options.dryRun ? 'Dry run: would deploy' : 'Deploying'} ${what} in ${steps.length} steps:`,
  );
  steps.forEach((step, i) => out(`  ${i + 1}. ${step.title}\n       $ ${step.shown}`));
  const extras = OPTIONAL_BUILD_VARIABLES.filter((name) => value(env, name));
  if (extras.length) out(`  The build also reads: ${extras.join(', ')}.`);
  if (options.target === 'production')
    for (const line of productionWarnings(env)) out(`  ! ${line}`);
  if (options.dryRun) {
    out('Every required variable is set. Nothing was built or deployed (dry run).');
    return 0;
  }
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
      return 1;
    }
  }
  out(`\n✓ Deployed ${what}.`);
  return 0;
}
