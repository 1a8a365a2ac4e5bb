// The retention figures of the settings: read as durations the database can apply, refused in
// French when they cannot be (src/schemas/retention.ts, checked by the settings schema).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { formatContentIssues, frenchErrorMap } from '../../src/lib/content-pipeline/errors';
import { parseDuration, retentionIssues, retentionPeriods } from '../../src/schemas/retention';
import { settingsSchema } from '../../src/schemas/site';

const settings = parse(readFileSync('src/content/settings/site.yaml', 'utf8'));

/** The French build errors for the settings with `figures` changed. */
function settingsErrors(figures: Record<string, string>): string[] {
  const result = settingsSchema.safeParse(
    { ...settings, figures: { ...settings.figures, ...figures } },
    { error: frenchErrorMap },
  );
  return result.success ? [] : formatContentIssues('site.yaml', result.error.issues);
}

describe('retention durations', () => {
  it('reads a whole number and a French unit, whatever the spaces', () => {
    expect(parseDuration('3 ans')).toEqual({ interval: '3 years', hours: 3 * 365 * 24 });
    expect(parseDuration('3\u00a0ans')?.interval).toBe('3 years');
    expect(parseDuration('1 an')?.interval).toBe('1 years');
    expect(parseDuration('6 mois')?.interval).toBe('6 months');
    expect(parseDuration('30\u202fjours')?.interval).toBe('30 days');
    expect(parseDuration('2 semaines')?.interval).toBe('2 weeks');
    expect(parseDuration('1 heure')?.interval).toBe('1 hours');
    expect(parseDuration('24 h')?.interval).toBe('24 hours');
    for (const bad of ['trois ans', '3', 'ans', '3,5 ans', '0 jour', '3 années', '{figures.x}'])
      expect(parseDuration(bad), bad).toBeNull();
  });

  it('the settings give the database its four periods', () => {
    expect(Object.keys(retentionPeriods(settings.figures)).sort()).toEqual([
      'client_address',
      'contacts',
      'newsletter_unconfirmed',
      'unmailed',
    ]);
    expect(retentionIssues(settings.figures)).toEqual([]);
  });

  it('the build refuses an unreadable, missing or out-of-range figure, in French', () => {
    expect(settingsErrors({})).toEqual([]);
    const [unreadable] = settingsErrors({ dataRetention: 'trois ans' });
    expect(unreadable).toContain('figures.dataRetention');
    expect(unreadable).toContain('n’est pas une durée lisible');
    expect(unreadable).toContain('suppression automatique');
    expect(settingsErrors({ dataRetention: '5 ans' })[0]).toContain('CNIL');
    expect(settingsErrors({ addressRetention: '30 h' })).toEqual([]);
    const { spamRetention, ...withoutSpam } = settings.figures;
    expect(spamRetention).toBeTruthy();
    expect(retentionIssues(withoutSpam)).toEqual([
      { key: 'spamRetention', message: expect.stringContaining('durée manquante') },
    ]);
    expect(() => retentionPeriods({ ...settings.figures, signupConfirmDelay: 'un mois' })).toThrow(
      /figures\.signupConfirmDelay/,
    );
  });
});
