// The retention periods: read from the settings (src/content/settings/site.yaml, figures named in
// src/schemas/retention.ts), written into private.retention_periods, compared with it.
import fs from 'node:fs';
import { parse } from 'yaml';
import { retentionPeriods } from '../../schemas/retention.ts';

export const SETTINGS_FILE = new URL('../../content/settings/site.yaml', import.meta.url);

/**
 * The periods the settings set, as PostgreSQL intervals by period name.
 * @param {string | URL} [file]
 * @throws Error naming each unreadable figure (French, as the build says it)
 */
export function settingsRetentionPeriods(file = SETTINGS_FILE) {
  return retentionPeriods(parse(fs.readFileSync(file, 'utf8'))?.figures ?? {});
}

/**
 * Writes `periods` into private.retention_periods (one statement: all or nothing).
 * @param {{ query: (sql: string, values?: unknown[]) => Promise<unknown> }} db
 * @param {Record<string, string>} periods
 */
export async function writeRetentionPeriods(db, periods) {
  await db.query(
    `insert into private.retention_periods (name, keep)
       select key, value::interval from jsonb_each_text($1::jsonb)
     on conflict (name) do update set keep = excluded.keep`,
    [JSON.stringify(periods)],
  );
}

/**
 * Where the database's periods differ from `periods`, one English line each (empty: they agree).
 * @param {{ query: (sql: string, values?: unknown[]) => Promise<{ rows: any[] }> }} db
 * @param {Record<string, string>} periods
 */
export async function retentionDrift(db, periods) {
  const { rows } = await db.query(
    `select s.key as name, s.value as wanted, p.keep::text as stored,
            p.keep is not null and p.keep = s.value::interval as same
       from jsonb_each_text($1::jsonb) s left join private.retention_periods p on p.name = s.key
      order by s.key`,
    [JSON.stringify(periods)],
  );
  return rows
    .filter((row) => !row.same)
    .map(
      (row) =>
        `private.retention_periods "${row.name}" is ${row.stored ?? 'missing'}, the settings say ${row.wanted}.`,
    );
}
