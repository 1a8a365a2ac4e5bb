// The variables `npm run deploy` reads (scripts/lib/deploy.mjs): what each is for, which deploys
// require it, which are secret, and what is wrong with a value set.
import { LOCAL_SUPABASE_KEY } from '../../src/lib/contact/supabase-config.ts';

/**
 * Every variable a deploy reads. `targets`: the deploys that require it (`production` on main, `preview`
 * for a pull request, `build` for the production build alone); `secret`: kept out of printed commands; `check`: returns what is wrong with a
 * set value, or nothing.
 * @type {Array<{ name: string, purpose: string, targets: string[], secret?: boolean,
 *   check?: (value: string) => string | undefined }>}
 */
export const VARIABLES = [
  {
    name: 'SITE_URL',
    purpose:
      'the public address of the site (canonical URLs, sitemap, newsletter links, release links of held leads)',
    targets: ['production', 'preview', 'build'],
    check: (value) => (isHttpsUrl(value) ? undefined : 'must be an https:// URL'),
  },
  {
    name: 'SUPABASE_PROJECT_REF',
    purpose: 'the Supabase project reference (dashboard URL: /project/<ref>)',
    targets: ['production', 'preview', 'build'],
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
    targets: ['production', 'preview', 'build'],
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
  {
    name: 'CMS_GITHUB_CLIENT_SECRET',
    purpose:
      'the client secret of the GitHub App behind « Se connecter avec GitHub » (a Worker secret; required with CMS_GITHUB_CLIENT_ID)',
    targets: [],
    secret: true,
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
  'CMS_GITHUB_CLIENT_ID',
];

function isHttpsUrl(value) {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The trimmed value of the variable `name` in `env`, or '' when unset or blank. */
export const value = (env, name) => env[name]?.trim() || '';

/**
 * What is missing or wrong in the environment for a deploy, one English line per variable.
 * @param {Record<string, string | undefined>} env
 * @param {'production' | 'preview' | 'build'} target
 * @returns {string[]} empty when everything needed is set and valid
 */
export function checkVariables(env, target) {
  // --build-only: the build's variables only (the secrets are refused, not checked)
  const read = (variable) => target !== 'build' || !variable.secret;
  const problems = [];
  for (const variable of VARIABLES.filter(read)) {
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

/** The Supabase API URL: PUBLIC_SUPABASE_URL, else the project's own. */
export function supabaseUrl(env) {
  return (
    value(env, 'PUBLIC_SUPABASE_URL') || `https://${value(env, 'SUPABASE_PROJECT_REF')}.supabase.co`
  ).replace(/\/+$/, '');
}

/** Names of the secret variables (VARIABLES marked `secret`). */
export const SECRET_VARIABLES = VARIABLES.filter((variable) => variable.secret).map((v) => v.name);
