// Runs under Deno: loads one Edge Function entry (supabase/functions/<name>/index.ts) and makes its
// server listen on 127.0.0.1 with an OS-chosen port, reported on stdout for the gateway.
// Supports both `Deno.serve(handler)` and `export default { fetch }` entries.
const entry = Deno.env.get('LOCAL_FUNCTION_ENTRY');
const originalServe = Deno.serve.bind(Deno);
let served = false;

Deno.serve = (...args) => {
  served = true;
  const options = typeof args[0] === 'function' ? {} : { ...(args[0] ?? {}) };
  const handler = typeof args[0] === 'function' ? args[0] : (args[1] ?? options.handler);
  delete options.handler;
  return originalServe(
    {
      ...options,
      port: 0,
      hostname: '127.0.0.1',
      onListen: ({ port }) => console.log(`LOCAL_FUNCTION_LISTENING ${port}`),
    },
    handler,
  );
};

const mod = await import(entry);
if (!served && mod.default && typeof mod.default.fetch === 'function') {
  Deno.serve((request, info) => mod.default.fetch(request, info));
}
