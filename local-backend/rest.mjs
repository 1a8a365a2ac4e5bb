// /rest/v1/<table>: the part of PostgREST the site uses (insert), plus simple reads, updates and
// deletes with `eq` filters so that refusals can be observed.
import { ApiError, fromPgError } from './pgrst-errors.mjs';
import { tableColumns } from './catalog.mjs';

const RESERVED_PARAMS = new Set([
  'select',
  'columns',
  'limit',
  'offset',
  'order',
  'on_conflict',
  'apikey',
]);
const MAX_BODY_BYTES = 1024 * 1024;

/** @param {string} name */
const ident = (name) => `"${name.replaceAll('"', '""')}"`;

/**
 * Parses a Prefer header into a map (return, count, missing, resolution…).
 * @param {string|undefined} header
 */
export function parsePrefer(header) {
  /** @type {Record<string,string>} */
  const prefs = {};
  for (const part of (header ?? '').split(',')) {
    const [key, value] = part.trim().split('=');
    if (key && value) prefs[key.trim()] = value.trim();
  }
  return prefs;
}

/**
 * Reads the request body (up to 1 MiB).
 * @param {import('node:http').IncomingMessage} req
 */
export async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new ApiError(413, 'PGRST413', 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Decodes an insert body into rows and the column list (PGRST102 / PGRST204 rules).
 * @param {string} text
 * @param {string|null} columnsParam value of ?columns=
 * @param {string} table
 * @param {Set<string>} known columns of the table
 */
export function decodeRows(text, columnsParam, table, known) {
  let payload;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  }
  const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
  const rows = Array.isArray(payload) ? payload : [payload];
  if (!rows.every(isObject)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  let columns;
  if (columnsParam) {
    columns = columnsParam.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  } else {
    columns = rows.length ? Object.keys(rows[0]) : [];
    const signature = [...columns].sort().join('\u0000');
    if (rows.some((r) => Object.keys(r).sort().join('\u0000') !== signature)) {
      throw new ApiError(400, 'PGRST102', 'All object keys must match');
    }
  }
  for (const column of columns) {
    if (!known.has(column)) {
      throw new ApiError(
        400,
        'PGRST204',
        `Could not find the '${column}' column of '${table}' in the schema cache`,
      );
    }
  }
  return { rows, columns };
}

/**
 * Parses ?select= (only `*` and plain column names are supported here).
 * @param {string|null} select
 */
function selectList(select, table) {
  if (!select || select.trim() === '*') return '*';
  return select
    .split(',')
    .map((c) => c.trim())
    .map((c) => {
      if (c === '*') return '*';
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(c)) {
        throw new ApiError(
          400,
          'PGRST100',
          `The local backend only supports plain column names in select, got "${c}"`,
        );
      }
      return `${ident(table)}.${ident(c)}`;
    })
    .join(', ');
}

/**
 * `col=eq.value` filters → SQL (other operators are refused clearly).
 * @param {URLSearchParams} params
 * @param {Set<string>} known
 * @param {string} table
 * @param {unknown[]} values parameter list to append to
 */
function whereClause(params, known, table, values) {
  const parts = [];
  for (const [key, raw] of params) {
    if (RESERVED_PARAMS.has(key)) continue;
    const match = /^eq\.(.*)$/s.exec(raw);
    if (!match)
      throw new ApiError(
        400,
        'PGRST100',
        `The local backend only supports "eq" filters, got "${key}=${raw}"`,
      );
    if (!known.has(key)) throw new ApiError(400, '42703', `column ${table}.${key} does not exist`);
    values.push(match[1]);
    parts.push(`${ident(key)} = $${values.length}`);
  }
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

/**
 * Handles one /rest/v1/<table> request inside a transaction run as `role`.
 * @param {{ req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL, table: string,
 *           role: string, claims: Record<string, unknown>, pool: import('pg').Pool }} ctx
 */
export async function handleRest({ req, res, url, table, role, claims, pool }) {
  const method = req.method ?? 'GET';
  const profile =
    req.headers[method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile'];
  if (profile && profile !== 'public') {
    throw new ApiError(406, 'PGRST106', `Invalid schema: ${profile}`, {
      hint: 'Only the following schemas are exposed: public, graphql_public',
    });
  }
  const known = await tableColumns(pool, table);
  if (!known) {
    throw new ApiError(
      404,
      'PGRST205',
      `Could not find the table 'public.${table}' in the schema cache`,
    );
  }
  const prefer = parsePrefer(req.headers.prefer);
  const representation = prefer.return === 'representation';
  const wantsObject = /application\/vnd\.pgrst\.object\+json/i.test(req.headers.accept ?? '');
  // return=headers-only answers a Location built from the primary key: PostgREST reads it back
  // (RETURNING), which needs SELECT — refused for anon exactly as in PostgreSQL.
  const headersOnly = prefer.return === 'headers-only';
  const returning = representation
    ? selectList(url.searchParams.get('select'), table)
    : headersOnly
      ? `${ident(table)}."id"`
      : '1';

  /** @type {unknown[]} */
  const values = [];
  let sql;
  let status;
  if (method === 'POST') {
    const contentType = (req.headers['content-type'] ?? 'application/json')
      .split(';')[0]
      .trim()
      .toLowerCase();
    if (contentType !== 'application/json')
      throw new ApiError(400, 'PGRST102', `Content-Type not acceptable: ${contentType}`);
    const { rows, columns } = decodeRows(
      await readBody(req),
      url.searchParams.get('columns'),
      table,
      known,
    );
    if (rows.length === 0) return sendRows(res, 201, [], representation, wantsObject, prefer);
    values.push(JSON.stringify(rows));
    const cols = columns.map(ident).join(', ');
    const source = columns.length
      ? `select ${cols} from json_populate_recordset(null::public.${ident(table)}, $1::json)`
      : `select from json_array_elements($1::json)`;
    const target = columns.length
      ? `public.${ident(table)} (${cols}) ${source}`
      : `public.${ident(table)} ${source}`;
    sql = `insert into ${target}${onConflict(prefer.resolution, url, columns, known)} returning ${returning}`;
    status = 201;
  } else if (method === 'GET' || method === 'HEAD') {
    const where = whereClause(url.searchParams, known, table, values);
    const limit = Number(url.searchParams.get('limit'));
    sql = `select ${selectList(url.searchParams.get('select'), table)} from public.${ident(table)}${where}${limit > 0 ? ` limit ${limit}` : ''}`;
    status = 200;
  } else if (method === 'PATCH') {
    const { rows, columns } = decodeRows(await readBody(req), null, table, known);
    if (rows.length !== 1) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    const sets = columns.map((c) => {
      values.push(rows[0][c]);
      return `${ident(c)} = $${values.length}`;
    });
    const where = whereClause(url.searchParams, known, table, values);
    sql = `update public.${ident(table)} set ${sets.join(', ')}${where} returning ${representation ? selectList(url.searchParams.get('select'), table) : '1'}`;
    status = representation ? 200 : 204;
  } else if (method === 'DELETE') {
    const where = whereClause(url.searchParams, known, table, values);
    sql = `delete from public.${ident(table)}${where} returning ${representation ? selectList(url.searchParams.get('select'), table) : '1'}`;
    status = representation ? 200 : 204;
  } else {
    throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  }

  const result = await runAs(pool, role, claims, method, `/${table}`, req.headers, sql, values);
  if (wantsObject && (representation || method === 'GET') && result.length !== 1) {
    throw new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', {
      details: `The result contains ${result.length} rows`,
    });
  }
  if (method === 'GET' || method === 'HEAD')
    return sendRows(res, 200, result, true, wantsObject, prefer, method === 'HEAD');
  if (headersOnly && method === 'POST' && result.length === 1) {
    res.setHeader('Location', `/${table}?id=eq.${result[0].id}`);
  }
  return sendRows(res, status, result, representation, wantsObject, prefer);
}

/**
 * The ON CONFLICT clause of an upsert (`Prefer: resolution=merge-duplicates|ignore-duplicates`, on
 * the primary key or `?on_conflict=`): PostgreSQL then checks the UPDATE privilege it needs.
 * @param {string|undefined} resolution
 * @param {URL} url
 * @param {string[]} columns
 * @param {Set<string>} known
 */
function onConflict(resolution, url, columns, known) {
  if (resolution !== 'merge-duplicates' && resolution !== 'ignore-duplicates') return '';
  const target = (url.searchParams.get('on_conflict') ?? 'id').split(',').map((c) => c.trim());
  for (const column of target) {
    if (!known.has(column)) throw new ApiError(400, '42703', `column "${column}" does not exist`);
  }
  const action =
    resolution === 'ignore-duplicates' || columns.length === 0
      ? 'do nothing'
      : `do update set ${columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  return ` on conflict (${target.map(ident).join(', ')}) ${action}`;
}

/**
 * Runs `sql` in a transaction with PostgREST's per-request settings (role, JWT claims…).
 * Rolls back (and rethrows as a PostgREST error) on failure.
 */
async function runAs(pool, role, claims, method, path, headers, sql, values) {
  let client;
  try {
    client = await pool.connect();
  } catch (error) {
    throw new ApiError(503, 'PGRST001', 'Database client error. Retrying the connection.', {
      details: String(error.message),
    });
  }
  try {
    await client.query('begin');
    await client.query(
      `select set_config('search_path', '"public", "extensions"', true), set_config('role', $1, true),
              set_config('request.jwt.claims', $2, true), set_config('request.method', $3, true),
              set_config('request.path', $4, true), set_config('request.headers', $5, true)`,
      [role, JSON.stringify(claims), method, path, JSON.stringify(headers)],
    );
    const { rows } = await client.query(sql, values);
    await client.query('commit');
    return rows;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    if (error instanceof ApiError) throw error;
    throw fromPgError(error, role !== 'anon');
  } finally {
    client.release();
  }
}

function sendRows(res, status, rows, representation, wantsObject, prefer, headOnly = false) {
  const total = prefer.count === 'exact' ? String(rows.length) : '*';
  const range = status === 200 && rows.length ? `0-${rows.length - 1}/${total}` : `*/${total}`;
  if (!representation) {
    res.writeHead(status, { 'Content-Range': range, 'Content-Length': 0 });
    return void res.end();
  }
  const body = JSON.stringify(wantsObject ? rows[0] : rows);
  const headers = {
    'Content-Type': `${wantsObject ? 'application/vnd.pgrst.object+json' : 'application/json'}; charset=utf-8`,
    'Content-Range': range,
    'Content-Length': Buffer.byteLength(body),
  };
  if (prefer.return === 'representation') headers['Preference-Applied'] = 'return=representation';
  res.writeHead(status, headers);
  res.end(headOnly ? undefined : body);
}
