// Dev server only: a content file that stops validating (schema, date, placeholder, YAML) shows its
// French message in the browser at once, as the error overlay, and every page answers with that
// overlay until the file is fixed: a copywriter never mistakes the last valid version for the new one.
// The content loader reports to the sink registered here (src/lib/content/error-report.ts).

/** Same key as CONTENT_ERROR_SINK in src/lib/content/error-report.ts (shared through globalThis). */
const SINK = Symbol.for('agence.content-error-sink');

/**
 * The pending content errors of a dev server, and what it shows for them.
 * @param {{ send(error: { message: string, stack: string }): void }} overlay
 */
export function createContentErrorSink(overlay) {
  /** @type {Map<string, string>} */
  const pending = new Map();
  return {
    /** @param {string} file @param {string} message */
    report(file, message) {
      pending.set(file, message);
      overlay.send({ message: [...pending.values()].join('\n'), stack: '' });
    },
    /** @param {string} file */
    clear(file) {
      pending.delete(file);
    },
    /** The message of every file still broken, or undefined when all are valid. */
    current() {
      return pending.size ? [...pending.values()].join('\n') : undefined;
    },
  };
}

const escapeHtml = (/** @type {string} */ text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A page showing the message as the dev server's error overlay (and as plain text without script).
 * @param {string} message
 */
export function overlayPage(message) {
  const error = JSON.stringify({ message, stack: '' }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Contenu à corriger</title><script type="module">import { ErrorOverlay } from '/@vite/client'; document.body.appendChild(new ErrorOverlay(${error}));</script></head><body><h1>Contenu à corriger</h1><pre style="white-space:pre-wrap">${escapeHtml(message)}</pre></body></html>`;
}

/** @returns {import('astro').AstroIntegration} */
export default function contentErrors() {
  return {
    name: 'content-errors',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const sink = createContentErrorSink({
          send: (err) => server.hot.send({ type: 'error', err }),
        });
        globalThis[SINK] = sink;
        // First in the chain, before Astro renders the (stale) page.
        server.middlewares.stack.unshift({
          route: '',
          handle: (request, response, next) => {
            const message = sink.current();
            if (!message || !request.headers.accept?.includes('text/html')) return next();
            response.statusCode = 500;
            response.setHeader('Content-Type', 'text/html; charset=utf-8');
            response.end(overlayPage(message));
          },
        });
      },
    },
  };
}
