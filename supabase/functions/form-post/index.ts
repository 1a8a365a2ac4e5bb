// Edge Function entry point: where the contact form and the newsletter box post without JavaScript.
// Wires the environment, the database and the calls to the other functions into the pure handler.
import postgres from 'npm:postgres@3.4.9';
import { createFormPostStore } from './form-post-store.ts';
import { createFormPostHandler } from './handler.ts';

const env = Deno.env.toObject();
const sql = postgres(env.SUPABASE_DB_URL, { max: 2, prepare: false, idle_timeout: 20 });
const functions = `${(env.SUPABASE_URL ?? '').replace(/\/+$/, '')}/functions/v1`;

Deno.serve(
  createFormPostHandler({
    env,
    store: createFormPostStore(sql as never),
    invoke: (name, body) =>
      fetch(`${functions}/${name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', apikey: env.SUPABASE_ANON_KEY ?? '' },
        body: JSON.stringify(body),
      }),
  }),
);
