import { describe, expect, it } from 'vitest';
import { copyBudget } from '../../scripts/lib/budgets.mjs';
import {
  buildResultFrom,
  previewUrl,
  statusRequest,
} from '../../scripts/lib/publish-status-ci.mjs';
import {
  DESCRIPTION_LIMIT,
  publishStatus,
  shorten,
  type Step,
} from '../../scripts/lib/publish-status.mjs';
import { brokenFixtures } from '../fixtures/content-errors/cases';

const ok = (...ids: Step['id'][]): Step[] => ids.map((id) => ({ id, outcome: 'success' }));
const URL = 'https://pr-12-agence-site.exemple.workers.dev';
const missingPrice = brokenFixtures.find(({ file }) => file === 'offers/prix-manquant.yaml')!;
const unknownField = brokenFixtures.find(({ file }) => file === 'team/champ-inconnu.yaml')!;

describe('publishStatus', () => {
  it('building: « Construction… », pending', () => {
    const status = publishStatus({ steps: ok('install', 'content'), done: false });
    expect(status.state).toBe('pending');
    expect(status.description).toBe('Construction…');
    expect(status.summary).toContain('| Vérification des contenus | réussie |');
  });

  it('success: « En ligne » with the address, which the summary gives too', () => {
    const status = publishStatus({
      steps: ok('install', 'content', 'build', 'pages', 'preview'),
      done: true,
      url: URL,
      budgets: [copyBudget('/a-propos', 10_000)],
    });
    expect(status).toMatchObject({ state: 'success', description: `En ligne : ${URL}` });
    expect(status.summary).toContain(`Adresse : ${URL}`);
    expect(status.summary).not.toContain('Poids des pages');
  });

  it('content error: « Échec : » names the first file, field, fix; all in the summary', () => {
    const status = publishStatus({
      steps: [
        ...ok('install'),
        { id: 'content', outcome: 'failure' },
        { id: 'build', outcome: 'skipped' },
      ],
      done: true,
      contentErrors: [missingPrice.message, unknownField.message],
    });
    expect(status.state).toBe('failure');
    expect(status.description).toBe(
      'Échec : offers/prix-manquant.yaml — champ « price » : ce champ obligatoire manque. Ajoutez la ligne « price: … » (voir CONTENT.md).',
    );
    expect(status.summary).toContain('### Erreurs de contenu (2)');
    expect(status.summary).toContain(`- ${missingPrice.message}`);
    expect(status.summary).toContain(`- ${unknownField.message}`);
    expect(status.summary).toContain('| Construction du site | non lancée |');
  });

  it('budget warning: still « En ligne », the warning in the status and the summary', () => {
    const warning = copyBudget('/', 16_933);
    const status = publishStatus({
      steps: ok('install', 'content', 'build', 'pages'),
      done: true,
      url: URL,
      budgets: [copyBudget('/contact', 12_000), warning],
    });
    expect(status.state).toBe('success');
    expect(status.description).toBe(shorten(`En ligne : ${URL} · ${warning.message}`));
    expect(
      status.description.startsWith(`En ligne : ${URL} · Accueil\u00a0: 16\u202f933\u202fo`),
    ).toBe(true);
    expect(status.summary).toContain(`- Avertissement — ${warning.message}`);
  });

  it('budget ceiling: « Échec : » naming the page and what to do', () => {
    const ceiling = copyBudget('/contact', 30_000);
    const status = publishStatus({
      steps: [...ok('install', 'content', 'build'), { id: 'pages', outcome: 'failure' }],
      done: true,
      budgets: [copyBudget('/', 16_933), ceiling],
    });
    expect(status.state).toBe('failure');
    expect(status.description).toBe(shorten(`Échec : ${ceiling.message}`));
    expect(status.description).toContain('/contact');
    expect(status.summary).toContain(`- Refusée — ${ceiling.message}`);
  });

  it('test failure: « Échec : » naming the step, the copy kept, a developer to call', () => {
    const status = publishStatus({
      steps: [
        ...ok('checks'),
        { id: 'tests', outcome: 'failure' },
        { id: 'deploy', outcome: 'skipped' },
      ],
      done: true,
    });
    expect(status.state).toBe('failure');
    expect(status.description).toBe(
      'Échec : « Tests complets ». Vos textes sont enregistrés ; prévenez un développeur.',
    );
    expect(status.summary).toContain('prévenez un développeur');
  });

  it('cancelled: an error asking to publish again', () => {
    const status = publishStatus({
      steps: [...ok('install'), { id: 'build', outcome: 'cancelled' }],
      done: true,
    });
    expect(status.state).toBe('error');
    expect(status.description).toContain('relancez la publication');
  });

  it('never sends a description over GitHub’s limit', () => {
    const long = `src/content/pages/index.yaml — champ « blocks[3].items[2].description » : ${'x'.repeat(300)}`;
    const status = publishStatus({
      steps: [{ id: 'content', outcome: 'failure' }],
      done: true,
      contentErrors: [long],
    });
    expect([...status.description]).toHaveLength(DESCRIPTION_LIMIT);
    expect(status.description.endsWith('…')).toBe(true);
    expect(status.description).toContain(
      'pages/index.yaml — champ « blocks[3].items[2].description »',
    );
  });
});

describe('buildResultFrom', () => {
  it('reads the steps (or jobs) of CI in order, and the reports the checks wrote', () => {
    const files: Record<string, string> = {
      'reports/content-errors.json': JSON.stringify([missingPrice.message]),
      'reports/copy-budget.json': JSON.stringify([copyBudget('/', 16_933)]),
    };
    const result = buildResultFrom(
      {
        PUBLISH_STEPS: JSON.stringify({
          build: { outcome: 'skipped', conclusion: 'skipped' },
          checkout: { outcome: 'success' },
          content: { outcome: 'failure', conclusion: 'failure' },
          install: { outcome: 'success' },
        }),
        PUBLISH_DONE: 'true',
        CONTENT_ERROR_REPORT: 'reports/content-errors.json',
        COPY_BUDGET_REPORT: 'reports/copy-budget.json',
      },
      (file) => files[file],
    );
    expect(result).toEqual({
      steps: [
        { id: 'install', outcome: 'success' },
        { id: 'content', outcome: 'failure' },
        { id: 'build', outcome: 'skipped' },
      ],
      done: true,
      contentErrors: [missingPrice.message],
      budgets: [copyBudget('/', 16_933)],
      url: undefined,
    });
  });

  it('gives a pull request its preview address', () => {
    const result = buildResultFrom(
      { PREVIEW_URL: 'https://{alias}-agence-site.exemple.workers.dev', PREVIEW_ALIAS: 'pr-12' },
      () => undefined,
    );
    expect(result.url).toBe(URL);
  });

  it('takes the pages over budget from an earlier job when no report file is there', () => {
    const warning = copyBudget('/', 16_933);
    const result = buildResultFrom(
      { COPY_BUDGET_REPORT: 'reports/copy-budget.json', COPY_BUDGETS: JSON.stringify([warning]) },
      () => undefined,
    );
    expect(result.budgets).toEqual([warning]);
  });

  it('reads jobs from the needs context, and no report as none', () => {
    const result = buildResultFrom(
      {
        PUBLISH_STEPS: JSON.stringify({
          checks: { result: 'success' },
          tests: { result: 'failure' },
        }),
        PUBLISH_URL: URL,
        CONTENT_ERROR_REPORT: 'reports/content-errors.json',
      },
      () => undefined,
    );
    expect(result).toMatchObject({
      steps: [
        { id: 'checks', outcome: 'success' },
        { id: 'tests', outcome: 'failure' },
      ],
      done: false,
      contentErrors: [],
      budgets: [],
      url: URL,
    });
  });
});

describe('previewUrl and statusRequest', () => {
  it('fills the preview address from the repository variable, or none without it', () => {
    expect(previewUrl('https://{alias}-agence-site.exemple.workers.dev', 'pr-12')).toBe(URL);
    expect(previewUrl(undefined, 'pr-12')).toBeUndefined();
    expect(previewUrl('https://{alias}-agence-site.exemple.workers.dev', '')).toBeUndefined();
  });

  it('posts the state, the description and the context to the commit', () => {
    const status = publishStatus({ steps: [], done: false });
    const { url, init } = statusRequest({
      repository: 'agence/site',
      sha: 'abc123',
      token: 'ghs_test',
      status,
      targetUrl: URL,
    });
    expect(url).toBe('https://api.github.com/repos/agence/site/statuses/abc123');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer ghs_test');
    expect(JSON.parse(init.body as string)).toEqual({
      state: 'pending',
      description: 'Construction…',
      context: 'Publication',
      target_url: URL,
    });
  });
});
