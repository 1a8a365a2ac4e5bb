// /rest/v1/<table>: the part of PostgREST the site uses (insert), plus simple reads, updates and
// deletes with `eq` filters so that refusals can be observed.
import { ApiError, fromPgError } from './pgrst-errors.mjs';
import { tableColumns } from './catalog.mjs';
import {
  decodeRows,
  ident,
  onConflict,
  parsePrefer,
  readBody,
  selectList,
  whereClause,
} from './rest-query.mjs';

/**
 * Handles one /rest/v1/<table> request inside a transaction run as `role`.
 * @param {{ req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL, table: string,
 *           role: string, claims: Record<string, unknown>, pool: import('pg').Pool }} ctx
 */
export async function handleRest({ req, res, url, table, role, claims, pool }) {
  const method = req.method ?? 'GET';
  const known = await exposedColumns(req, method, pool, table);
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
  const request = { req, url, table, known, prefer, representation, returning };
  const statement = await statementFor(method, request);
  if (!statement) return sendRows(res, 201, [], representation, wantsObject, prefer);

  const { sql, values, status } = statement;
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
 * The columns of `public.<table>`, once the request's schema (Accept-Profile / Content-Profile) is
 * `public` and the table exists: PGRST106 and PGRST205 otherwise.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} method
 * @param {import('pg').Pool} pool
 * @param {string} table
 */
async function exposedColumns(req, method, pool, table) {
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
  return known;
}

/**
 * @typedef {object} RestRequest
 * @property {import('node:http').IncomingMessage} req
 * @property {URL} url
 * @property {string} table
 * @property {Set<string>} known          columns of the table
 * @property {Record<string, string>} prefer
 * @property {boolean} representation    Prefer: return=representation
 * @property {string} returning          what an insert returns: the selected columns, the key for a Location, or 1
 */

/**
 * The statement a method runs, with its parameters and success status; null for an insert of no
 * rows (answered without touching the database).
 * @param {string} method
 * @param {RestRequest} request
 * @returns {Promise<{ sql: string, values: unknown[], status: number } | null>}
 */
async function statementFor(method, request) {
  if (method === 'POST') return insertStatement(request);
  if (method === 'GET' || method === 'HEAD') return selectStatement(request);
  if (method === 'PATCH') return updateStatement(request);
  if (method === 'DELETE') return deleteStatement(request);
  throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

/** @param {RestRequest} request */
async function insertStatement(request) {
  const { req, url, table, known, prefer } = request;
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
  if (rows.length === 0) return null;
  const cols = columns.map(ident).join(', ');
  const source = columns.length
    ? `select ${cols} from json_populate_recordset(null::public.${ident(table)}, $1::json)`
    : `select from json_array_elements($1::json)`;
  const target = columns.length
    ? `public.${ident(table)} (${cols}) ${source}`
    : `public.${ident(table)} ${source}`;
  return {
    sql: `insert into ${target}${onConflict(prefer.resolution, url, columns, known)} returning ${request.returning}`,
    values: [JSON.stringify(rows)],
    status: 201,
  };
}

/** @param {RestRequest} request */
function selectStatement({ url, table, known }) {
  /** @type {unknown[]} */
  const values = [];
  const where = whereClause(url.searchParams, known, table, values);
  const limit = Number(url.searchParams.get('limit'));
  return {
    sql: `select ${selectList(url.searchParams.get('select'), table)} from public.${ident(table)}${where}${limit > 0 ? ` limit ${limit}` : ''}`,
    values,
    status: 200,
  };
}

/** @param {RestRequest} request */
async function updateStatement({ req, url, table, known, representation }) {
  const { rows, columns } = decodeRows(await readBody(req), null, table, known);
  if (rows.length !== 1) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  /** @type {unknown[]} */
  const values = [];
  const sets = columns.map((c) => {
    values.push(rows[0][c]);
    return `${ident(c)} = $${values.length}`;
  });
  const where = whereClause(url.searchParams, known, table, values);
  return {
    sql: `update public.${ident(table)} set ${sets.join(', ')}${where} returning ${representation ? selectList(url.searchParams.get('select'), table) : '1'}`,
    values,
    status: representation ? 200 : 204,
  };
}

/** @param {RestRequest} request */
function deleteStatement({ url, table, known, representation }) {
  /** @type {unknown[]} */
  const values = [];
  const where = whereClause(url.searchParams, known, table, values);
  return {
    sql: `delete from public.${ident(table)}${where} returning ${representation ? selectList(url.searchParams.get('select'), table) : '1'}`,
    values,
    status: representation ? 200 : 204,
  };
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
