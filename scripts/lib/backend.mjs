// Starts the embedded local backend next to the site (npm start, npm run dev), unless told not to
// (LOCAL_BACKEND=off) or unless another backend — e.g. `supabase start` — already answers on its port.
import { API_URL, startBackend } from '../../local-backend/index.mjs';

async function apiAnswers() {
  return fetch(`${API_URL}/rest/v1/`, { signal: AbortSignal.timeout(1500) }).then(
    () => true,
    () => false,
  );
}

/**
 * @returns {Promise<{ stop: () => Promise<void>, inboxUrl?: string }>}
 */
export async function startLocalBackend() {
  if (process.env.LOCAL_BACKEND === 'off') {
    console.log('LOCAL_BACKEND=off: the embedded backend is not started.');
    return { stop: async () => {} };
  }
  if (await apiAnswers()) {
    console.log(
      `A backend already answers at ${API_URL} (supabase start, or npm run backend): using it.`,
    );
    return { stop: async () => {} };
  }
  const handle = await startBackend({ log: (line) => console.log(`[backend] ${line}`) });
  return { stop: handle.stop, inboxUrl: handle.urls.inboxUrl };
}

/**
 * Calls `cleanup` once on Ctrl-C, SIGTERM or SIGHUP, then exits.
 * @param {() => Promise<void>} cleanup
 */
export function onShutdown(cleanup) {
  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} : arrêt…`);
    await cleanup().catch((error) => console.error(error));
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
}
