// Dev server only: a content file that stops validating shows its French message as the error overlay
// on every page until it is fixed; the content loader reports to it
// (src/lib/content-pipeline/error-report.ts).
import type { AstroIntegration } from 'astro';
import type { Connect } from 'vite';

/**
 * Same key as CONTENT_ERROR_SINK in src/lib/content-pipeline/error-report.ts (shared through
 * globalThis).
 */
const SINK = Symbol.for('agence.content-error-sink');

/** The pending content errors of a dev server, and what it shows for them. */
export function createContentErrorSink(overlay: {
  send(error: { message: string; stack: string }): void;
}) {
  const pending = new Map<string, string>();
  return {
    report(file: string, message: string) {
      pending.set(file, message);
      overlay.send({ message: [...pending.values()].join('\n'), stack: '' });
    },
    clear(file: string) {
      pending.delete(file);
    },
    /** The message of every file still broken, or undefined when all are valid. */
    current(): string | undefined {
      return pending.size ? [...pending.values()].join('\n') : undefined;
    },
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page showing the message as the dev server's error overlay (and as plain text without script). */
export function overlayPage(message: string): string {
  const error = JSON.stringify({ message, stack: '' }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Contenu à corriger</title><script type="module">import { ErrorOverlay } from '/@vite/client'; document.body.appendChild(new ErrorOverlay(${error}));</script></head><body><h1>Contenu à corriger</h1><pre style="white-space:pre-wrap">${escapeHtml(message)}</pre></body></html>`;
}

export default function contentErrors(): AstroIntegration {
  return {
    name: 'content-errors',
    hooks: {
      'astro:server:setup': ({ server }) => {
        const sink = createContentErrorSink({
          send: (err) => server.hot.send({ type: 'error', err }),
        });
        (globalThis as Record<symbol, unknown>)[SINK] = sink;
        // First in the chain, before Astro renders the (stale) page.
        const handle: Connect.NextHandleFunction = (request, response, next) => {
          const message = sink.current();
          if (!message || !request.headers.accept?.includes('text/html')) return next();
          response.statusCode = 500;
          response.setHeader('Content-Type', 'text/html; charset=utf-8');
          response.end(overlayPage(message));
        };
        server.middlewares.stack.unshift({ route: '', handle });
      },
    },
  };
}
