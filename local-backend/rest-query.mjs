// Reading a /rest/v1 request into SQL pieces: its body, its Prefer header, ?select=, `eq` filters
// and upserts, with PostgREST's refusals (local-backend/rest.mjs runs the statement).
import { ApiError } from './pgrst-errors.mjs';

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
export const ident = (name) => `"${name.replaceAll('"', '""')}"`;

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
export function selectList(select, table) {
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
export function whereClause(params, known, table, values) {
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
 * The ON CONFLICT clause of an upsert (`Prefer: resolution=merge-duplicates|ignore-duplicates`, on
 * the primary key or `?on_conflict=`): PostgreSQL then checks the UPDATE privilege it needs.
 * @param {string|undefined} resolution
 * @param {URL} url
 * @param {string[]} columns
 * @param {Set<string>} known
 */
export function onConflict(resolution, url, columns, known) {
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
