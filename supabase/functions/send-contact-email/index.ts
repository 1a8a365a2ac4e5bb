// Edge Function entry point: wires the environment and the mailer into the pure handler.
import { createMailer } from '../_shared/mailer.ts';
import { createSmtpMailer } from '../_shared/smtp.ts';
import { createHandler } from './handler.ts';

const env = Deno.env.toObject();

Deno.serve(createHandler({ env, mailer: createMailer(env, { smtp: createSmtpMailer }) }));
