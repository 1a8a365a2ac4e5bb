// The ordered steps of `npm run deploy` (scripts/lib/deploy.mjs): build the site, then for production
// check Supabase Auth, the database (migrations, Vault secrets, retention periods), the Edge Functions
// (their secrets, then the functions) and the site on Cloudflare; for a preview, build and upload.
import { signinDeploy } from './deploy-signin.mjs';
import fs from 'node:fs';
import { turnstileSecretSteps } from './deploy-turnstile.mjs';
import { FUNCTION_SECRETS, supabaseUrl, value } from './deploy-variables.mjs';

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

/** The command that runs the Supabase CLI. */
const SUPABASE = ['npx', '--yes', SUPABASE_CLI];

/** The (decoded) password of a postgresql:// connection string. */
export function databasePassword(connectionString) {
  return decodeURIComponent(new URL(connectionString).password);
}

/**
 * What the build and the checks of the hosted project read: where the site lives and which Supabase
 * project it talks to, with which publishable key.
 * @param {Record<string, string | undefined>} env
 */
function siteEnv(env) {
  return {
    DEPLOY_ENV: 'production',
    SITE_URL: value(env, 'SITE_URL'),
    PUBLIC_SUPABASE_URL: supabaseUrl(env),
    PUBLIC_SUPABASE_KEY: value(env, 'PUBLIC_SUPABASE_KEY'),
  };
}

/** Builds the site with `buildEnv` (from siteEnv). */
function buildStep(buildEnv) {
  return {
    title: `Build the site for ${buildEnv.SITE_URL} against ${buildEnv.PUBLIC_SUPABASE_URL}`,
    shown: 'DEPLOY_ENV=production astro build',
    secrets: [],
    run: (runner) => runner.exec(['astro', 'build'], buildEnv),
  };
}

/** Uploads the built site as a Worker version under the alias `previewName`. */
function previewUploadStep(previewName) {
  return {
    title: `Upload the site as a new Worker version with the preview alias "${previewName}" (production untouched)`,
    shown: `wrangler versions upload --preview-alias ${previewName}`,
    secrets: ['CLOUDFLARE_API_TOKEN'],
    run: (runner) =>
      runner.exec(['wrangler', 'versions', 'upload', '--preview-alias', String(previewName)]),
  };
}

/** Fails unless the hosted project has Supabase Auth sign-ups off. */
function authSignupsStep(apiUrl, key) {
  return {
    title: 'Check that Supabase Auth sign-ups are off in the hosted project',
    shown: `GET ${apiUrl}/auth/v1/settings  (disable_signup must be true)`,
    secrets: [],
    run: async (runner) => {
      const settings = await runner.authSettings(apiUrl, key);
      if (settings?.disable_signup !== true) {
        throw new Error(
          'The hosted project lets anyone create a Supabase Auth account (disable_signup is not true). ' +
            'Dashboard → Authentication → Sign In / Providers → turn off « Allow new users to sign up », ' +
            'as supabase/config.toml says (enable_signup = false).',
        );
      }
    },
  };
}

/**
 * The database's steps: the migrations, the sweep's Vault secrets, the retention periods.
 * @param {Record<string, string | undefined>} env
 * @param {ReturnType<typeof siteEnv>} site
 */
function databaseSteps(env, site) {
  const ref = value(env, 'SUPABASE_PROJECT_REF');
  const databaseUrl = value(env, 'SUPABASE_DB_URL');
  return [
    {
      title: 'Apply the database migrations (supabase/migrations/*.sql)',
      // The CLI reaches the project by its reference and reads the database password from
      // SUPABASE_DB_PASSWORD: nothing secret on its command line.
      shown: `SUPABASE_DB_PASSWORD=<password of $SUPABASE_DB_URL> npx ${SUPABASE_CLI} db push --remote=${ref} --yes`,
      secrets: ['SUPABASE_ACCESS_TOKEN'],
      run: (runner) =>
        runner.exec([...SUPABASE, 'db', 'push', `--remote=${ref}`, '--yes'], {
          SUPABASE_DB_PASSWORD: databasePassword(databaseUrl),
        }),
    },
    {
      title: `Create or update the sweep's Vault secrets (${SWEEP_VAULT_SECRETS.join(', ')})`,
      shown: `upsert vault.secrets project_url=${site.PUBLIC_SUPABASE_URL} publishable_key=$PUBLIC_SUPABASE_KEY over $SUPABASE_DB_URL`,
      secrets: [],
      run: (runner) =>
        runner.upsertVaultSecrets(databaseUrl, {
          project_url: site.PUBLIC_SUPABASE_URL,
          publishable_key: site.PUBLIC_SUPABASE_KEY,
        }),
    },
    {
      title:
        'Write the retention periods of the settings into the database (private.retention_periods)',
      shown: 'node scripts/privacy.mjs periods  (over $SUPABASE_DB_URL)',
      secrets: ['SUPABASE_DB_URL'],
      run: (runner) =>
        runner.exec(['node', 'scripts/privacy.mjs', 'periods'], { SUPABASE_DB_URL: databaseUrl }),
    },
  ];
}

/**
 * Removes the function secrets of FUNCTION_SECRETS no longer configured, so deleting a setting really
 * turns its feature off (none: no step).
 * @param {string} ref
 * @param {string[]} names
 */
function unsetSecretsSteps(ref, names) {
  if (!names.length) return [];
  const argv = [...SUPABASE, 'secrets', 'unset', `--remote=${ref}`, '--yes', ...names];
  return [
    {
      title: `Unset the Edge Functions' secrets no longer configured (${names.join(', ')})`,
      shown: argv.slice(1).join(' '),
      secrets: ['SUPABASE_ACCESS_TOKEN'],
      run: (runner) => runner.exec(argv),
    },
  ];
}

/**
 * The Edge Functions' steps: their secrets (those of FUNCTION_SECRETS set in `env`; the others
 * unset), then the functions.
 * @param {Record<string, string | undefined>} env
 */
function functionSteps(env) {
  const ref = value(env, 'SUPABASE_PROJECT_REF');
  const secrets = FUNCTION_SECRETS.filter((name) => value(env, name));
  const gone = FUNCTION_SECRETS.filter((name) => !value(env, name));
  return [
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
              ...SUPABASE,
              'secrets',
              'set',
              `--remote=${ref}`,
              '--yes',
              '--env-file',
              file,
            ]),
        ),
    },
    ...unsetSecretsSteps(ref, gone),
    {
      title: `Deploy the Edge Functions (${EDGE_FUNCTIONS.join(', ')}; verify_jwt from supabase/config.toml)`,
      shown: `npx ${SUPABASE_CLI} functions deploy ${EDGE_FUNCTIONS.join(' ')} --remote=${ref} --use-api --yes`,
      secrets: ['SUPABASE_ACCESS_TOKEN'],
      run: (runner) =>
        runner.exec([
          ...SUPABASE,
          'functions',
          'deploy',
          ...EDGE_FUNCTIONS,
          `--remote=${ref}`,
          '--use-api',
          '--yes',
        ]),
    },
  ];
}

/** Deploys the built site to Cloudflare Workers, with the Worker's sign-in settings when configured. */
function siteStep(env) {
  const { args, secrets } = signinDeploy(env);
  const argv = ['wrangler', 'deploy', ...args];
  return {
    title: 'Deploy the static site (dist/) to Cloudflare Workers (wrangler.jsonc)',
    shown: [...argv, ...(secrets ? ['--secrets-file', '<CMS_GITHUB_CLIENT_SECRET>'] : [])].join(
      ' ',
    ),
    secrets: ['CLOUDFLARE_API_TOKEN', ...Object.keys(secrets ?? {})],
    run: (runner) =>
      secrets
        ? runner.withEnvFile(secrets, (file) => runner.exec([...argv, '--secrets-file', file]))
        : runner.exec(argv),
  };
}

/**
 * The ordered steps of a deploy. Each has a title, the command as printed (secret values shown as
 * `$NAME`), `secrets` (the secret variables its command may see: the others are withheld from its
 * environment) and `run(runner)`. `buildOnly`: the production build alone (CI's secret-free job);
 * `prebuilt`: production from the `dist/` already there, without building (CI's deploy job).
 * @param {Record<string, string | undefined>} env
 * @param {{ target: 'production' | 'preview', previewName?: string, buildOnly?: boolean,
 *   prebuilt?: boolean }} options
 */
export function deploySteps(env, { target, previewName, buildOnly, prebuilt }) {
  const site = siteEnv(env);
  if (target === 'preview') return [buildStep(site), previewUploadStep(previewName)];
  if (buildOnly) return [buildStep(site)];
  return [
    ...(prebuilt ? [] : [buildStep(site)]),
    authSignupsStep(site.PUBLIC_SUPABASE_URL, site.PUBLIC_SUPABASE_KEY),
    ...turnstileSecretSteps(env),
    ...databaseSteps(env, site),
    ...functionSteps(env),
    siteStep(env),
  ];
}
