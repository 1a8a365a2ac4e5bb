// The API gateway on 54321: /rest/v1/<table> (PostgREST behaviour), /functions/v1/<name> (proxied to
// the function's Deno process), CORS like the Supabase CLI's Kong, and GET /health.
import http from 'node:http';
import { GatewayError, headerValue, resolveRole } from './auth.mjs';
import { JWT_SECRET } from './config.mjs';
import { verifyJwt } from './jwt.mjs';
import { ApiError, sendApiError } from './pgrst-errors.mjs';
import { handleRest } from './rest.mjs';

/**
 * @typedef {object} GatewayDeps
 * @property {number} port
 * @property {import('pg').Pool} pool
 * @property {(name: string) => Promise<{ port: number } | null>} functionTarget  running function or null if unknown
 * @property {(name: string) => boolean} verifyJwt                                  config.toml setting
 * @property {() => Promise<Record<string, unknown> & { ok: boolean }>} health
 * @property {(msg: string) => void} log
 */

/**
 * Creates the gateway (not listening yet).
 * @param {GatewayDeps} deps
 * @returns {{ start: () => Promise<void>, stop: () => Promise<void>, isRunning: () => boolean }}
 */
export function createGateway(deps) {
  /** @type {http.Server | null} */
  let server = null;

  async function start() {
    if (server) return;
    const next = http.createServer((req, res) => {
      route(req, res, deps).catch((error) => {
        deps.log(`gateway error: ${error?.stack ?? error}`);
        if (!res.headersSent) sendJson(res, 500, { message: 'Internal gateway error' });
        else res.destroy();
      });
    });
    await new Promise((resolve, reject) => {
      next.once('error', reject);
      next.listen(deps.port, '127.0.0.1', () => {
        next.off('error', reject);
        resolve(undefined);
      });
    });
    server = next;
  }

  async function stop() {
    const current = server;
    server = null;
    if (!current) return;
    await new Promise((resolve) => {
      current.close(() => resolve(undefined));
      current.closeAllConnections();
    });
  }

  return { start, stop, isRunning: () => server !== null };
}

/** @param {http.ServerResponse} res @param {number} status @param {unknown} body */
function sendJson(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/**
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {GatewayDeps} deps
 */
async function route(req, res, deps) {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  // Kong's cors plugin: every answer is readable cross-origin.
  res.setHeader('Access-Control-Allow-Origin', '*');

  if (url.pathname === '/health' && (req.method === 'GET' || req.method === 'HEAD')) {
    const report = await deps.health();
    return sendJson(res, report.ok ? 200 : 503, report);
  }

  const fn = /^\/functions\/v1\/([^/?]+)(\/.*)?$/.exec(url.pathname);
  if (fn) return proxyFunction(req, res, url, decodeURIComponent(fn[1]), fn[2] ?? '', deps);

  const rest = /^\/rest\/v1\/([^/]+)\/?$/.exec(url.pathname);
  if (rest) {
    if (req.method === 'OPTIONS') return preflight(req, res);
    try {
      const { role, claims } = await resolveRole(req, url);
      Object.assign(req.headers, edgeHeaders(req));
      await handleRest({
        req,
        res,
        url,
        table: decodeURIComponent(rest[1]),
        role,
        claims,
        pool: deps.pool,
      });
    } catch (error) {
      if (error instanceof GatewayError) return sendJson(res, error.status, error);
      if (error instanceof ApiError) return sendApiError(res, error);
      throw error;
    }
    return;
  }
  if (req.method === 'OPTIONS') return preflight(req, res);
  sendJson(res, 404, { message: 'no Route matched with those values' });
}

/**
 * The address the request came from (IPv4-mapped IPv6 written as IPv4).
 * @param {http.IncomingMessage} req
 */
function clientAddress(req) {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

/**
 * The client headers as Supabase's hosted edge (Cloudflare) hands them on: `X-Forwarded-For` keeps
 * whatever the client sent, with the socket address appended, so its first entry can be anything the
 * client chose; `CF-Connecting-IP` is the socket address, whatever the client sent under that name.
 * @param {http.IncomingMessage} req
 * @returns {{ 'x-forwarded-for': string, 'cf-connecting-ip': string }}
 */
export function edgeHeaders(req) {
  const address = clientAddress(req);
  const sent = headerValue(req, 'x-forwarded-for')?.trim();
  return {
    'x-forwarded-for': sent ? `${sent}, ${address}` : address,
    'cf-connecting-ip': address,
  };
}

/** CORS preflight answered by the gateway, as the Supabase CLI's gateway answers it. */
function preflight(req, res) {
  res.writeHead(200, {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      headerValue(req, 'access-control-request-headers') ??
      'authorization, apikey, content-type, x-client-info',
    'Access-Control-Max-Age': '86400',
    'Content-Length': 0,
  });
  res.end();
}

/** The 503 the edge runtime answers when a function cannot boot or be reached. */
function sendBootError(res) {
  sendJson(res, 503, {
    code: 'BOOT_ERROR',
    message: 'Function failed to start (please check logs)',
  });
}

/**
 * Proxies /functions/v1/<name><rest> to the function's Deno server as /<name><rest>, like the edge
 * runtime. OPTIONS is forwarded too, so the function's own preflight answer is what is tested.
 */
async function proxyFunction(req, res, url, name, subPath, deps) {
  let target;
  try {
    target = await deps.functionTarget(name);
  } catch (error) {
    deps.log(`function ${name} failed to boot: ${error.message}`);
    return sendBootError(res);
  }
  if (!target) {
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    return void res.end('Function not found');
  }
  if (req.method !== 'OPTIONS' && deps.verifyJwt(name)) {
    const refusal = await jwtRefusal(req);
    if (refusal) return sendJson(res, 401, { msg: refusal });
  }
  await forward(
    req,
    res,
    { port: target.port, path: `/${encodeURIComponent(name)}${subPath}${url.search}` },
    (error) => {
      deps.log(`function ${name} unreachable: ${error.message}`);
      if (!res.headersSent) sendBootError(res);
    },
  );
}

/**
 * Why the gateway refuses a function call whose `verify_jwt` is on (no bearer token, or one not
 * signed with the JWT secret), or null when the token is valid.
 * @param {http.IncomingMessage} req
 */
async function jwtRefusal(req) {
  const auth = headerValue(req, 'authorization');
  const token = auth && /^bearer\s+(.+)$/i.exec(auth)?.[1];
  if (!token) return 'Error: Missing authorization header';
  try {
    await verifyJwt(token, JWT_SECRET);
    return null;
  } catch {
    return 'Invalid JWT';
  }
}

/**
 * Streams the request to 127.0.0.1:`target.port` at `target.path` and the answer back (CORS open
 * unless the function set its own); `unreachable` is called when the upstream connection fails.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {{ port: number, path: string }} target
 * @param {(error: Error) => void} unreachable
 */
function forward(req, res, target, unreachable) {
  const headers = {
    ...req.headers,
    // As for REST, the edge's address headers (form-post hands them to the database).
    ...edgeHeaders(req),
    host: `127.0.0.1:${target.port}`,
    'x-forwarded-host': req.headers.host ?? '',
    'x-forwarded-proto': 'http',
  };
  delete headers.connection;
  return new Promise((resolve) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: target.port, method: req.method, path: target.path, headers },
      (answer) => {
        const out = { ...answer.headers };
        delete out.connection;
        delete out['keep-alive'];
        if (!out['access-control-allow-origin']) out['access-control-allow-origin'] = '*';
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
        answer.once('end', resolve);
        answer.once('error', resolve);
      },
    );
    upstream.once('error', (error) => {
      unreachable(error);
      resolve(undefined);
    });
    req.pipe(upstream);
  });
}
