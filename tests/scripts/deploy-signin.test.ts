// « Se connecter avec GitHub » in `npm run deploy` (scripts/lib/deploy-signin.mjs): production refuses
// the button without its secret, in one line; the Worker gets its settings, the secret as a secret.
import { describe, expect, it } from 'vitest';
import { signinDeploy, signinProblems } from '../../scripts/lib/deploy-signin.mjs';
import { deploy, deploySteps } from '../../scripts/lib/deploy.mjs';

const BUTTON = { CMS_GITHUB_CLIENT_ID: 'Iv23.demo', CMS_GITHUB_REPO: 'agence/site' };

describe('deploy: the editor’s sign-in', () => {
  it('refuses production with the button but no client secret, in one line', async () => {
    expect(signinProblems(BUTTON, 'production')).toEqual([
      'CMS_GITHUB_CLIENT_ID is set but CMS_GITHUB_CLIENT_SECRET is not: « Se connecter avec GitHub » would fail; set it or unset CMS_GITHUB_CLIENT_ID.',
    ]);
    const errors: string[] = [];
    const runner = { exec: () => Promise.reject(new Error('nothing may run')) };
    const code = await deploy({
      args: ['--dry-run'],
      env: BUTTON,
      runner: runner as never,
      out: () => {},
      err: (line) => errors.push(line),
    });
    expect(code).toBe(1);
    expect(errors.filter((line) => line.includes('CMS_GITHUB_CLIENT_SECRET'))).toHaveLength(1);
  });

  it('asks nothing of a preview or of a site without the button', () => {
    expect(signinProblems(BUTTON, 'preview')).toEqual([]);
    expect(signinProblems({}, 'production')).toEqual([]);
    expect(signinProblems({ ...BUTTON, CMS_GITHUB_CLIENT_SECRET: 's' }, 'production')).toEqual([]);
    expect(signinDeploy({})).toEqual({ args: [] });
  });

  it('gives the Worker the client ID and repository as vars, the secret as a secret', () => {
    expect(signinDeploy({ ...BUTTON, CMS_GITHUB_CLIENT_SECRET: 'secret' })).toEqual({
      args: ['--var', 'CMS_GITHUB_CLIENT_ID:Iv23.demo', '--var', 'CMS_GITHUB_REPO:agence/site'],
      secrets: { CMS_GITHUB_CLIENT_SECRET: 'secret' },
    });
  });

  it('uploads the secret with the site from a file, never on the command line', async () => {
    const env = { ...BUTTON, CMS_GITHUB_CLIENT_SECRET: 'valeur-secrete' };
    const site = deploySteps(env, { target: 'production' }).at(-1)!;
    expect(site.secrets).toContain('CMS_GITHUB_CLIENT_SECRET');
    const calls: unknown[] = [];
    await site.run({
      exec: async (argv: string[]) => void calls.push(argv),
      withEnvFile: async (values: object, use: (file: string) => Promise<void>) => {
        calls.push(values);
        await use('/tmp/secrets.env');
      },
    } as never);
    expect(calls).toEqual([
      { CMS_GITHUB_CLIENT_SECRET: 'valeur-secrete' },
      [...['wrangler', 'deploy'], ...signinDeploy(env).args, '--secrets-file', '/tmp/secrets.env'],
    ]);
    expect(site.shown).not.toContain('valeur-secrete');
    expect(deploySteps(env, { target: 'production' })[0].secrets).toEqual([]);
  });
});
