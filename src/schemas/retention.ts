/**
 * Retention periods of personal data. Each is written once, as a figure of the settings
 * (`src/content/settings/site.yaml`, `figures.<key>`), quoted by the privacy page and written into the
 * database table `private.retention_periods` at deploy and by the local backend
 * (src/lib/privacy/retention.mjs), where `private.apply_retention()` enforces it.
 */

/** Database period name → the settings figure that sets it. */
export const RETENTION_FIGURES = {
  contacts: 'dataRetention',
  unmailed: 'spamRetention',
  newsletter_unconfirmed: 'signupConfirmDelay',
  client_address: 'addressRetention',
} as const;

export type RetentionPeriod = keyof typeof RETENTION_FIGURES;

const UNITS = {
  heure: { sql: 'hours', hours: 1 },
  jour: { sql: 'days', hours: 24 },
  semaine: { sql: 'weeks', hours: 24 * 7 },
  mois: { sql: 'months', hours: 24 * 30 },
  an: { sql: 'years', hours: 24 * 365 },
} as const;

/** A whole number and a French unit, any spaces between: « 3 ans », « 30 jours », « 1 heure ». */
const DURATION = /^(\d{1,4})[\s\u00a0\u202f]*(heures?|h|jours?|semaines?|mois|ans?)$/u;

/** The largest contact retention the build accepts (CNIL: prospects, 3 years after the last contact). */
const MAX_CONTACT_HOURS = 3 * UNITS.an.hours;
/** The rate limits count the requests of the last hour (private.rate_limits). */
const MIN_ADDRESS_HOURS = 1;

/**
 * Reads a French duration such as « 3 ans » or « 30 jours ».
 * @returns the PostgreSQL interval (`3 years`) and its length in hours (a month is 30 days, a year
 *   365), or null when the text is not one whole number and one unit.
 */
export function parseDuration(text: string): { interval: string; hours: number } | null {
  const match = DURATION.exec(text.trim());
  if (!match) return null;
  const amount = Number(match[1]);
  const word = match[2] === 'h' ? 'heure' : match[2].replace(/s$/, '').replace(/^moi$/, 'mois');
  const unit = UNITS[word as keyof typeof UNITS];
  if (!unit || amount < 1) return null;
  return { interval: `${amount} ${unit.sql}`, hours: amount * unit.hours };
}

/**
 * What is wrong with the retention figures, in French for the copywriter: one entry per figure,
 * `key` being the figure's name under `figures`.
 */
export function retentionIssues(
  figures: Record<string, string>,
): { key: string; message: string }[] {
  const issues: { key: string; message: string }[] = [];
  const why =
    'cette durée règle aussi la suppression automatique des données personnelles en base (voir CONTENT.md, «\u00a0Durées de conservation\u00a0»)';
  for (const [period, key] of Object.entries(RETENTION_FIGURES)) {
    const text = figures[key];
    if (text === undefined) {
      issues.push({
        key,
        message: `durée manquante\u00a0: ajoutez figures.${key} (par exemple «\u00a030 jours\u00a0»)\u00a0; ${why}.`,
      });
      continue;
    }
    const duration = parseDuration(text);
    if (!duration) {
      issues.push({
        key,
        message: `«\u00a0${text}\u00a0» n’est pas une durée lisible\u00a0: écrivez un nombre entier suivi de heure(s), jour(s), semaine(s), mois ou an(s), par exemple «\u00a03 ans\u00a0» ou «\u00a030 jours\u00a0»\u00a0; ${why}.`,
      });
    } else if (period === 'contacts' && duration.hours > MAX_CONTACT_HOURS) {
      issues.push({
        key,
        message: `«\u00a0${text}\u00a0» dépasse 3 ans\u00a0: la CNIL limite à 3 ans après le dernier échange la conservation des données de prospects\u00a0; ${why}.`,
      });
    } else if (period === 'client_address' && duration.hours < MIN_ADDRESS_HOURS) {
      issues.push({
        key,
        message: `«\u00a0${text}\u00a0» est trop court\u00a0: les limites anti-abus comptent les demandes de la dernière heure, l’adresse IP doit être gardée au moins 1 heure\u00a0; ${why}.`,
      });
    }
  }
  return issues;
}

/**
 * The database periods the figures set, as PostgreSQL intervals.
 * @throws Error listing the figures' problems (French, as the build reports them)
 */
export function retentionPeriods(figures: Record<string, string>): Record<RetentionPeriod, string> {
  const issues = retentionIssues(figures);
  if (issues.length) {
    throw new Error(
      issues.map((issue) => `figures.${issue.key}\u00a0: ${issue.message}`).join('\n'),
    );
  }
  return Object.fromEntries(
    Object.entries(RETENTION_FIGURES).map(([period, key]) => [
      period,
      parseDuration(figures[key])!.interval,
    ]),
  ) as Record<RetentionPeriod, string>;
}
