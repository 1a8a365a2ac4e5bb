// Helpers shared by the backend test files.
import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { inject } from 'vitest';

/** What global-setup.mjs provides: urls, ports, keys, controlUrl. */
export function backend() {
  const info = inject('backend');
  if (!info) throw new Error('No local backend: run these tests with `npm run test:backend`.');
  return info;
}

/**
 * Stops or starts a part of the backend for real: 'mail/stop', 'mail/start', 'gateway/stop', 'gateway/start'.
 * @param {string} action
 */
export async function control(action) {
  const res = await fetch(`${backend().controlUrl}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`control ${action} failed: ${res.status} ${await res.text()}`);
}

/**
 * The real supabase-js client against the local gateway.
 * @param {string} [key] API key (default: the publishable key, as the site uses)
 */
export function supabaseClient(key = backend().keys.publishable) {
  return createClient(backend().urls.apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
}

/** A pg client connected as the superuser `postgres`. Call `.end()` when done. */
export async function adminClient() {
  const client = new pg.Client({ connectionString: backend().urls.dbUrl });
  await client.connect();
  return client;
}

/**
 * A valid contact row / function body; `tag` makes it findable in the inbox and the table.
 * @param {Record<string, unknown>} [overrides]
 */
export function validContact(overrides = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    id: randomUUID(),
    prenom: `Ada-${tag}`,
    nom: 'Lovelace',
    email: `ada.${tag}@example.com`,
    telephone: '+33 6 12 34 56 78',
    service_souhaite: 'Automatisation IA',
    message: `Bonjour, je voudrais automatiser mes devis. (${tag})`,
    ...overrides,
  };
}

/** All e-mails caught by maildev (JSON API). */
export async function caughtMail() {
  const res = await fetch(`http://127.0.0.1:${backend().ports.inbox}/email`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  return res.json();
}

/**
 * E-mails whose subject contains `needle`.
 * @param {string} needle
 */
export async function mailAbout(needle) {
  return (await caughtMail()).filter((mail) => mail.subject.includes(needle));
}
