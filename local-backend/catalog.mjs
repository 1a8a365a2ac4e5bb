// Table and column lookups in the `public` schema (PostgREST's "schema cache").

const COLUMNS_SQL = `
select a.attname as name
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = 'public' and c.relname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')
   and a.attnum > 0 and not a.attisdropped`;

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
