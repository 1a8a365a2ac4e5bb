// Edge Function entry point: wires the environment, the database, the mailer and the optional
// Turnstile check into the pure handler.
import postgres from 'npm:postgres@3.4.9';
import { createContactStore } from './contact-store.ts';
import { createMailer } from '../_shared/mailer.ts';
import { createSmtpMailer } from '../_shared/smtp.ts';
import { turnstileFromEnv } from './turnstile.ts';
import { createHandler } from './handler.ts';

const env = Deno.env.toObject();
// SUPABASE_DB_URL is provided by Supabase (hosted and local); `prepare: false` suits its pooler.
const sql = postgres(env.SUPABASE_DB_URL, { max: 3, prepare: false, idle_timeout: 20 });
const store = createContactStore((text, values) => sql.unsafe(text, values as never[]));

Deno.serve(
  createHandler({
    env,
    mailer: createMailer(env, { smtp: createSmtpMailer }),
    // Leads unmailed for an hour go to the agency by another provider when one is set.
    alertMailer: env.ALERT_SMTP_URL ? createSmtpMailer(env.ALERT_SMTP_URL) : null,
    store,
    captcha: turnstileFromEnv(env),
  }),
);
