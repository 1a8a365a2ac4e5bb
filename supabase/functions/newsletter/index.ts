// Edge Function entry point: newsletter double opt-in (confirmation e-mail, confirm and unsubscribe
// links). Wires the environment, the database and the mailer into the pure handler.
import postgres from 'npm:postgres@3.4.9';
import { createMailer } from '../_shared/mailer.ts';
import { createNewsletterStore } from './newsletter-store.ts';
import { createSmtpMailer } from '../_shared/smtp.ts';
import { createNewsletterHandler } from './handler.ts';

const env = Deno.env.toObject();
const sql = postgres(env.SUPABASE_DB_URL, { max: 2, prepare: false, idle_timeout: 20 });

Deno.serve(
  createNewsletterHandler({
    env,
    mailer: createMailer(env, { smtp: createSmtpMailer }),
    store: createNewsletterStore((text, values) => sql.unsafe(text, values as never[])),
  }),
);
