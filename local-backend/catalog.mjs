// Table and column lookups in the `public` schema (PostgREST's "schema cache").

const COLUMNS_SQL = `
select a.attname as name
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
   and a.attnum > 0 and not a.attisdropped`;

const TABLES_SQL = `
select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

/**
 * Column names of public.<table>, or null when there is no such table or view.
 * @param {import('pg').Pool} pool
 * @param {string} table
 * @returns {Promise<Set<string> | null>}
 */
export async function tableColumns(pool, table) {
  const { rows } = await pool.query(COLUMNS_SQL, [table]);
  return rows.length ? new Set(rows.map((r) => r.name)) : null;
}

/**
 * The closest existing table name (for PGRST205's hint), or null.
 * @param {import('pg').Pool} pool
 * @param {string} table
 */
export async function suggestTable(pool, table) {
  const { rows } = await pool.query(TABLES_SQL);
  let best = null;
  let bestDistance = Infinity;
  for (const { name } of rows) {
    const distance = levenshtein(table, name);
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(table.length / 3)) ? best : null;
}

/** @param {string} a @param {string} b */
function levenshtein(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length];
}
