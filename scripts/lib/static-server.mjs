// A small static file server for the built site: clean URLs (/faq → faq.html), gzip/brotli,
// the 404 page for unknown paths, and the headers of dist/_headers (the same file a static host such as
// Netlify or Cloudflare Pages reads, caching rules included). Like those hosts, anything without a
// Cache-Control rule is revalidated on every use (ETag, 304 when unchanged).
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { createHash } from 'node:crypto';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
/** What static hosts send when `_headers` has no Cache-Control rule for a path. */
export const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest)|image\/svg)/;

/**
 * Parses a `_headers` file (Netlify/Cloudflare format: a path pattern line, then indented
 * `Name: value` lines). Returns a list of { pattern: RegExp, headers: [name, value][] }.
 * @param {string} text
 */
export function parseHeadersFile(text) {
  const rules = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const source = line
        .trim()
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*');
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] });
    } else if (rules.length) {
      const index = line.indexOf(':');
      if (index > 0)
        rules.at(-1).headers.push([line.slice(0, index).trim(), line.slice(index + 1).trim()]);
    }
  }
  return rules;
}

async function findFile(root, pathname) {
  const candidates = pathname.endsWith('/')
    ? [join(pathname, 'index.html')]
    : [pathname, `${pathname}.html`, join(pathname, 'index.html')];
  for (const candidate of candidates) {
    const file = resolve(root, `.${normalize(candidate)}`);
    if (!file.startsWith(root)) return null;
    const info = await stat(file).catch(() => null);
    if (info?.isFile()) return file;
  }
  return null;
}

/**
 * Starts the server. Resolves once it listens.
 * @param {{ root: string, port: number, host?: string }} options
 * @returns {Promise<import('node:http').Server>}
 */
export async function startStaticServer({ root, port, host = '127.0.0.1' }) {
  const absoluteRoot = resolve(root);
  const headerRules = parseHeadersFile(
    await readFile(join(absoluteRoot, '_headers'), 'utf8').catch(() => ''),
  );
  const cache = new Map();

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const pathname = decodeURIComponent(url.pathname);
      let file = await findFile(absoluteRoot, pathname);
      let status = 200;
      if (!file) {
        file = join(absoluteRoot, '404.html');
        status = 404;
      }
      const type = TYPES[extname(file)] ?? 'application/octet-stream';
      let body = cache.get(file);
      if (!body) {
        body = { raw: await readFile(file) };
        body.etag = `W/"${createHash('sha256').update(body.raw).digest('base64url').slice(0, 27)}"`;
        if (COMPRESSIBLE.test(type)) {
          body.br = brotliCompressSync(body.raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
          });
          body.gzip = gzipSync(body.raw, { level: 9 });
        }
        cache.set(file, body);
      }
      const accept = String(req.headers['accept-encoding'] ?? '');
      const encoding =
        body.br && /\bbr\b/.test(accept)
          ? 'br'
          : body.gzip && /\bgzip\b/.test(accept)
            ? 'gzip'
            : null;
      res.statusCode = status;
      res.setHeader('Content-Type', type);
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('Cache-Control', DEFAULT_CACHE_CONTROL);
      res.setHeader('ETag', body.etag);
      for (const rule of headerRules) {
        if (rule.pattern.test(pathname))
          for (const [name, value] of rule.headers) res.setHeader(name, value);
      }
      if (status === 200 && req.headers['if-none-match'] === body.etag) {
        res.statusCode = 304;
        res.end();
        return;
      }
      if (encoding) res.setHeader('Content-Encoding', encoding);
      const payload = encoding ? body[encoding] : body.raw;
      res.setHeader('Content-Length', payload.length);
      res.end(req.method === 'HEAD' ? undefined : payload);
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  await new Promise((resolvePromise, reject) => {
    server.once('error', (error) => {
      if (error.code === 'EADDRINUSE') {
        reject(
          new Error(
            `Port ${port} is already in use: stop the other server (another npm start?) or set PORT.`,
          ),
        );
      } else reject(error);
    });
    server.listen(port, host, resolvePromise);
  });
  return server;
}
