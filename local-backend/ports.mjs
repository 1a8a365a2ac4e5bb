// Refuse to start when a port is taken, with a message that says what to do.
import net from 'node:net';

/**
 * Resolves when `port` can be bound on 127.0.0.1, rejects otherwise.
 * @param {number} port
 */
function probe(port) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () =>
      server.close(() => resolve(undefined)),
    );
  });
}

/**
 * Checks that every port is free.
 * @param {Record<string, number>} ports label → port
 * @throws {Error} naming the first busy port
 */
export async function assertPortsFree(ports) {
  for (const [label, port] of Object.entries(ports)) {
    try {
      await probe(port);
    } catch (error) {
      const reason =
        error?.code === 'EADDRINUSE'
          ? 'is already in use'
          : `cannot be used (${error?.code ?? error})`;
      throw new Error(
        `Port ${port} (${label}) ${reason}. Another local backend (npm run backend, npm start or npm run dev) ` +
          `or a Supabase CLI stack (supabase start) may be running: stop it, or use that one.`,
      );
    }
  }
}
